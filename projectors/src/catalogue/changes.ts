/**
 * A batch's writes to one type's catalogue, folded into net changes and packed as RESP: an import
 * of a million titles becomes a few thousand commands per batch rather than tens of millions.
 */
import { RespWriter } from '../runtime/resp-writer.js';
import type { Transaction } from '../runtime/transaction.js';
import type { TitleIndex } from './indexing.js';

/**
 * How big the last packed group was: the next one starts that big, instead of growing to it.
 * One per projector, so that two projectors in one process do not steer each other's sizes.
 */
export interface PackingSize {
  bytes: number;
}
const MIN_PACKING_BYTES = 64 * 1024;
export const packingSize = (): PackingSize => ({ bytes: MIN_PACKING_BYTES });

/** Members to add to and remove from sets, by set name: one command per set when written. */
class SetChanges {
  readonly adds = new Map<string, number[]>();
  readonly removes = new Map<string, number[]>();
  change(set: string, id: number, present: boolean) {
    const map = present ? this.adds : this.removes;
    const list = map.get(set);
    if (list) list.push(id);
    else map.set(set, [id]);
  }
  clear() {
    this.adds.clear();
    this.removes.clear();
  }
}

/**
 * A batch's writes to one type's catalogue, grouped by key so that each key gets one command.
 * Within one group no title is touched twice (the projector starts a new group when one is), so
 * an id is never both added to and removed from the same key in a group, and plain lists suffice.
 *
 * Set names are kept relative (a search term alone, 'genre:action', 'visible') and the full key
 * is built once per set at the flush: building it for each of an import's 50 million postings
 * was the projector's largest cost.
 */
export class TypeChanges {
  readonly terms = new SetChanges();
  readonly sets = new SetChanges();
  readonly scores = new Map<string, number[]>();
  readonly unscored = new Map<string, number[]>();
  /** Ids and documents to store, in pairs: the keys are built at the flush. */
  readonly docs: (number | string)[] = [];
  readonly deletedDocs: number[] = [];
  readonly genreNames = new Map<string, string>();
  readonly hiddenTerms = new Map<string, number>();
  /** The group's writes as RESP under one key prefix, once built (`pack`). */
  private packed: { readonly prefix: string; readonly commands: Buffer; readonly count: number } | null =
    null;

  constructor(private readonly size: PackingSize) {}

  /** Indexes an imported title's version; `created` is set for a title new to the catalogue. */
  add(id: number, index: TitleIndex, hidden: boolean, created: number | null) {
    const { terms, scores } = index;
    if (hidden) this.countHidden(terms, 1);
    for (const term of terms) this.terms.change(term, id, true);
    if (!hidden) for (const set of index.publicSets) this.sets.change(set, id, true);
    for (const [slug, name] of index.genres) this.genreNames.set(slug, name);
    this.sets.change(hidden ? 'hidden' : 'visible', id, true);
    this.score('popularity', id, scores.popularity);
    this.score('rating', id, scores.rating);
    this.score('date', id, scores.date);
    this.score('title', id, scores.title);
    if (created !== null) {
      this.score('created', id, created);
      this.score('views', id, 0);
    }
    this.docs.push(id, index.doc);
  }

  score(order: string, id: number, score: number | null) {
    if (score === null) {
      const list = this.unscored.get(order);
      if (list) list.push(id);
      else this.unscored.set(order, [id]);
      return;
    }
    const list = this.scores.get(order);
    if (list) list.push(score, id);
    else this.scores.set(order, [score, id]);
  }
  /** How many hidden titles each search set holds (`hidden-terms`). */
  countHidden(terms: Iterable<string>, delta: 1 | -1) {
    for (const term of terms) this.hiddenTerms.set(term, (this.hiddenTerms.get(term) ?? 0) + delta);
  }

  /** Whether the group can be written under `prefix` (it was not packed for another). */
  writableUnder(prefix: string): boolean {
    return this.packed === null || this.packed.prefix === prefix;
  }

  /**
   * Encodes the group's writes as Redis commands under `prefix` (this type's key prefix in its
   * epoch) and lets go of what they were built from. `prepare` calls it while the previous batch
   * commits, so that little is left to do once the reads are back.
   */
  pack(prefix: string): void {
    const out = new RespWriter(this.size.bytes);
    if (this.deletedDocs.length > 0)
      out.command(
        'UNLINK',
        this.deletedDocs.map((id) => `${prefix}doc:${id}`),
      );
    if (this.docs.length > 0) {
      const pairs = this.docs.map((item, i) => (i % 2 === 0 ? `${prefix}doc:${item}` : String(item)));
      out.command('MSET', pairs);
    }
    for (const [name, ids] of this.terms.removes) out.members('SREM', `${prefix}term:${name}`, ids);
    for (const [name, ids] of this.sets.removes) out.members('SREM', prefix + name, ids);
    for (const [name, ids] of this.terms.adds) out.members('SADD', `${prefix}term:${name}`, ids);
    for (const [name, ids] of this.sets.adds) out.members('SADD', prefix + name, ids);
    for (const [order, ids] of this.unscored) out.members('ZREM', `${prefix}sort:${order}`, ids);
    for (const [order, pairs] of this.scores) out.members('ZADD', `${prefix}sort:${order}`, pairs);
    // Hidden titles per search set: one field each of one hash.
    for (const [term, delta] of this.hiddenTerms)
      if (delta !== 0) out.command('HINCRBY', [`${prefix}hidden-terms`, `term:${term}`, String(delta)]);
    if (this.genreNames.size > 0)
      out.command('HSET', [`${prefix}genre-names`, ...[...this.genreNames].flat()]);
    this.packed = { prefix, ...out.done() };
    this.size.bytes = Math.max(MIN_PACKING_BYTES, Math.ceil(out.size * 1.25));
    this.terms.clear();
    this.sets.clear();
    for (const map of [this.scores, this.unscored, this.hiddenTerms, this.genreNames]) map.clear();
    this.docs.length = 0;
    this.deletedDocs.length = 0;
  }

  /** Queues the group's writes under `prefix` and empties it. */
  flush(tx: Transaction, prefix: string) {
    this.write(tx, prefix);
    this.packed = null;
  }

  /** Queues the group's writes under `prefix`, keeping them (a batch may be applied again). */
  write(tx: Transaction, prefix: string) {
    if (!this.writableUnder(prefix))
      throw new Error(`writes packed for ${this.packed!.prefix}, not ${prefix}`);
    if (!this.packed) this.pack(prefix);
    const { commands, count } = this.packed!;
    if (count > 0) tx.raw(commands, count);
  }
}
