/**
 * A batch's writes to one type's catalogue, folded into net changes and packed as RESP: an import
 * of a million titles becomes a few thousand commands per batch rather than tens of millions.
 */
import type { ImdbPlace, TitleIndex, TitleSearch } from './indexing.js';
import {
  NAME_POSTING_BYTES,
  type NameTerm,
  OVERVIEW_POSTING_BYTES,
  writeNamePosting,
  writeOverviewPosting,
  writeTombstone,
} from './search-index.js';
import { RespWriter } from '../runtime/resp-writer.js';
import type { CatalogueSortKey } from './keys.js';
import { ScoreUpdates } from './orders/title-orders.js';
import { documentsKey } from './documents.js';
import type { Transaction } from '../runtime/transaction.js';

/**
 * How big the last packed group was: the next one starts that big, instead of growing to it.
 * One per projector, so that two projectors in one process do not steer each other's sizes.
 * Beside it, the posting lists the packed groups appended to since they were last trimmed
 * (`trimPostingLists` in projection.ts).
 */
export interface PackingSize {
  bytes: number;
  readonly appended: Set<string>;
  /** How many times `appended` was trimmed and emptied (the threads' `ReportedLists` follow it). */
  trimmed: number;
}
const MIN_PACKING_BYTES = 64 * 1024;
export const packingSize = (): PackingSize => ({ bytes: MIN_PACKING_BYTES, appended: new Set(), trimmed: 0 });

function push<T>(lists: Map<string, T[]>, key: string, item: T) {
  const list = lists.get(key);
  if (list) list.push(item);
  else lists.set(key, [item]);
}

/** Two items at once, without the array a rest parameter would make for each of millions of calls. */
function pushTwo<T>(lists: Map<string, T[]>, key: string, a: T, b: T) {
  const list = lists.get(key);
  if (list) list.push(a, b);
  else lists.set(key, [a, b]);
}

/** Whether a word's posting would come out the same for the title's new version. */
function sameNamePosting(before: TitleSearch, after: TitleSearch, was: NameTerm, now: NameTerm): boolean {
  return (
    Math.fround(before.popularity) === Math.fround(after.popularity) &&
    before.name.key === after.name.key &&
    before.name.length === after.name.length &&
    before.name.lead === after.name.lead &&
    was.position === now.position &&
    was.span === now.span
  );
}

/** What packing a title's postings reads of what it is found by. */
type PostedSearch = Pick<TitleSearch, 'name' | 'popularity'>;

/** The titles a group writes postings for, by slot (their order in the group). */
class TitleSlots {
  readonly ids: number[] = [];
  /**
   * What the title is found by now; null when it is gone (its postings are all tombstones). Not
   * its overview's words: the group's lists hold those already, and each title's set of them,
   * kept until the group was packed, was copied by every collection of the young generation in
   * between (a fifth of the preparing thread's collector time; bench/README.md).
   */
  readonly searches: (PostedSearch | null)[] = [];
  add(id: number, search: TitleSearch | null): number {
    this.ids.push(id);
    return this.searches.push(search && { name: search.name, popularity: search.popularity }) - 1;
  }
  clear() {
    this.ids.length = 0;
    this.searches.length = 0;
  }
}

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
  readonly sets = new SetChanges();
  /**
   * Postings to append to each name word's list, in the order of the events: pairs of the title's
   * slot (`slots`) and the index of the word among its name's terms, or of the slot's complement
   * (`~slot`, below zero) and -1 for a tombstone.
   */
  readonly names = new Map<string, number[]>();
  /** The same for overview words: a slot each, or its complement for a tombstone. */
  readonly overviews = new Map<string, number[]>();
  /**
   * The titles whose postings the group writes, by slot: small integers in the lists above
   * instead of an object or a boxed popularity per posting, of which an import of a million
   * titles makes about forty million.
   */
  private readonly slots = new TitleSlots();
  /** Postings each list's new ones supersede or remove, by `t:`/`o:` and word (`search:dead`). */
  readonly dead = new Map<string, number>();
  /** How many more (or fewer) titles have each name word (`search:words`). */
  readonly vocabulary = new Map<string, number>();
  /**
   * Titles' places in the orders (`orders/title-orders.ts`): written by the projector's
   * `OrderWriter` once the batch is folded, not packed with the rest.
   */
  private scores = new ScoreUpdates();
  /** Ids and documents to store, in pairs: the keys are built at the flush. */
  readonly docs: (number | Buffer)[] = [];
  readonly deletedDocs: number[] = [];
  /** Movies by IMDb id: fields and TMDB ids to set, and fields to drop, by hash (`imdb-index.ts`). */
  private readonly imdbSet = new Map<string, string[]>();
  private readonly imdbDropped = new Map<string, string[]>();
  readonly genreNames = new Map<string, string>();
  constructor(private readonly size: PackingSize) {}

  /**
   * Indexes an imported title's version; `created` is set for a title new to the catalogue,
   * `before` is what its previous version was found by (null for a title new to the catalogue).
   */
  add(
    id: number,
    index: TitleIndex,
    hidden: boolean,
    created: number | null,
    before: TitleSearch | null,
  ): boolean {
    const { scores } = index;
    const found = this.search(id, index.search, before);
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
    if (index.imdb) this.imdb(index.imdb, id);
    return found;
  }

  /** Indexes a movie by its IMDb id, or (null) drops the id from the index. */
  imdb(place: ImdbPlace, id: number | null) {
    const hash = place.parts.join(':');
    if (id === null) push(this.imdbDropped, hash, place.field);
    else pushTwo(this.imdbSet, hash, place.field, String(id));
  }

  /**
   * What a title is found by, from `before` to `after` (null: it is gone): postings appended for
   * the words it has now (unless exactly as before), tombstones for the words it lost. Whether
   * anything was written: a title imported again as it was changes no search.
   */
  search(id: number, after: TitleSearch | null, before: TitleSearch | null): boolean {
    let written = false;
    const slot = this.slots.add(id, after);
    const old = new Map<string, NameTerm>();
    for (const term of before?.name.terms ?? []) old.set(term.term, term);
    const terms = after?.name.terms ?? [];
    for (let i = 0; i < terms.length; i++) {
      const term = terms[i]!;
      const was = old.get(term.term);
      old.delete(term.term);
      if (was && sameNamePosting(before!, after!, was, term)) continue;
      written = true;
      pushTwo(this.names, term.term, slot, i);
      if (was) this.countDead(`t:${term.term}`, 1);
      else this.vocabulary.set(term.term, (this.vocabulary.get(term.term) ?? 0) + 1);
    }
    for (const lost of old.keys()) {
      written = true;
      pushTwo(this.names, lost, ~slot, -1);
      this.countDead(`t:${lost}`, 2);
      this.vocabulary.set(lost, (this.vocabulary.get(lost) ?? 0) - 1);
    }
    const samePopularity =
      before !== null && after !== null && Math.fround(before.popularity) === Math.fround(after.popularity);
    for (const word of after?.overview ?? []) {
      const had = before?.overview.has(word) ?? false;
      if (had && samePopularity) continue;
      written = true;
      push(this.overviews, word, slot);
      if (had) this.countDead(`o:${word}`, 1);
    }
    for (const word of before?.overview ?? []) {
      if (after?.overview.has(word)) continue;
      written = true;
      push(this.overviews, word, ~slot);
      this.countDead(`o:${word}`, 2);
    }
    return written;
  }

  private countDead(list: string, n: number) {
    this.dead.set(list, (this.dead.get(list) ?? 0) + n);
  }

  /** Sets a title's score in one order (null: it leaves it); a title's orders are set one after the other. */
  score(order: CatalogueSortKey, id: number, score: number | null) {
    this.scores.set(id, order, score);
  }

  /** The scores set so far (`takeScores` also lets go of them). */
  get scoreUpdates(): ScoreUpdates {
    return this.scores;
  }

  /** The scores set so far, which the group then forgets. */
  takeScores(): ScoreUpdates {
    const taken = this.scores;
    this.scores = new ScoreUpdates();
    return taken;
  }

  /**
   * Encodes the group's writes as Redis commands under `prefix` (this type's key prefix in its
   * epoch) and lets go of what they were built from (not of the scores, which `OrderWriter`
   * writes): `packImports` calls it ahead, for a batch of new titles, and `flush` in `apply`.
   */
  pack(prefix: string): { commands: Buffer; count: number } {
    const out = new RespWriter(this.size.bytes);
    const deleted = new Map<string, string[]>();
    for (const id of this.deletedDocs) push(deleted, `${prefix}${documentsKey(id)}`, String(id));
    for (const [hash, ids] of deleted) out.command('HDEL', [hash, ...ids]);
    const stored = new Map<string, (string | Buffer)[]>();
    for (let i = 0; i < this.docs.length; i += 2) {
      const id = this.docs[i] as number;
      pushTwo(stored, `${prefix}${documentsKey(id)}`, String(id), this.docs[i + 1] as Buffer);
    }
    for (const [hash, pairs] of stored) out.command('HSET', [hash, ...pairs]);
    for (const [hash, fields] of this.imdbDropped) out.command('HDEL', [prefix + hash, ...fields]);
    for (const [hash, pairs] of this.imdbSet) out.command('HSET', [prefix + hash, ...pairs]);
    for (const [name, ids] of this.sets.removes) out.members('SREM', prefix + name, ids);
    for (const [name, ids] of this.sets.adds) out.members('SADD', prefix + name, ids);
    const { appended } = this.size;
    const { slots } = this;
    for (const [word, postings] of this.names) {
      appended.add(`${prefix}search:t:${word}`);
      out.bytes(
        'APPEND',
        `${prefix}search:t:${word}`,
        (postings.length / 2) * NAME_POSTING_BYTES,
        (buffer, at) => {
          for (let i = 0; i < postings.length; i += 2, at += NAME_POSTING_BYTES) {
            const slot = postings[i]!;
            if (slot < 0) {
              writeTombstone(buffer, at, slots.ids[~slot]!, NAME_POSTING_BYTES);
              continue;
            }
            const search = slots.searches[slot]!;
            writeNamePosting(
              buffer,
              at,
              slots.ids[slot]!,
              search.popularity,
              search.name,
              search.name.terms[postings[i + 1]!]!,
            );
          }
        },
      );
    }
    for (const [word, postings] of this.overviews) {
      appended.add(`${prefix}search:o:${word}`);
      out.bytes(
        'APPEND',
        `${prefix}search:o:${word}`,
        postings.length * OVERVIEW_POSTING_BYTES,
        (buffer, at) => {
          for (let i = 0; i < postings.length; i++, at += OVERVIEW_POSTING_BYTES) {
            const slot = postings[i]!;
            if (slot < 0) writeTombstone(buffer, at, slots.ids[~slot]!, OVERVIEW_POSTING_BYTES);
            else writeOverviewPosting(buffer, at, slots.ids[slot]!, slots.searches[slot]!.popularity);
          }
        },
      );
    }
    for (const [list, n] of this.dead) out.command('HINCRBY', [`${prefix}search:dead`, list, String(n)]);
    // Lists with postings to drop, looked at once the batch committed (`compactSearchLists`).
    if (this.dead.size > 0) out.command('SADD', [`${prefix}search:dirty`, ...this.dead.keys()]);
    let fewer = false;
    for (const [word, delta] of this.vocabulary) {
      if (delta === 0) continue;
      out.command('ZINCRBY', [`${prefix}search:words`, String(delta), word]);
      if (delta < 0) fewer = true;
    }
    // A word no title has any more leaves the vocabulary.
    if (fewer) out.command('ZREMRANGEBYSCORE', [`${prefix}search:words`, '-inf', '0']);
    if (this.genreNames.size > 0)
      out.command('HSET', [`${prefix}genre-names`, ...[...this.genreNames].flat()]);
    this.size.bytes = Math.max(MIN_PACKING_BYTES, Math.ceil(out.size * 1.25));
    this.sets.clear();
    for (const map of [
      this.genreNames,
      this.names,
      this.overviews,
      this.dead,
      this.vocabulary,
      this.imdbSet,
      this.imdbDropped,
    ])
      map.clear();
    this.docs.length = 0;
    this.deletedDocs.length = 0;
    this.slots.clear();
    return out.done();
  }

  /** Queues the group's writes under `prefix` and empties it. */
  flush(tx: Transaction, prefix: string) {
    const { commands, count } = this.pack(prefix);
    if (count > 0) tx.raw(commands, count);
  }
}
