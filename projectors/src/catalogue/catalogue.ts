/**
 * The catalogue read model: every title as JSON, sorted sets for each order, and sets of ids for
 * visibility, genres, years and search terms (see CATALOGUE in platform's keys). Sets hold
 * integer ids so Redis keeps them as compact intsets.
 *
 * A batch of events is folded into net changes first (the last word on each member of each key
 * wins), then written with one command per key: an import of a million titles becomes a few
 * thousand commands per batch rather than tens of millions.
 */
import type { Movie, TvShow } from '@cinefold/contracts';
import {
  CATALOGUE,
  CATALOGUE_SORTS,
  dateScore,
  decodeTitle,
  encodeTitle,
  genreNames,
  genreSlug,
  ratingScore,
  type StoredEvent,
  titleSortScore,
  titleTerms,
} from '@cinefold/platform';
import { RespWriter, type Transaction } from '../runtime/resp.js';
import type { Projector } from '../runtime/projector.js';

type TitleType = 'movie' | 'tv';
type Title = Movie | TvShow;

const nameOf = (type: TitleType, title: Title) =>
  type === 'movie' ? (title as Movie).title : (title as TvShow).name;
const dateOf = (type: TitleType, title: Title) =>
  type === 'movie' ? (title as Movie).release_date : (title as TvShow).first_air_date;

/** A title's genres as slug and name: "Science Fiction" is `science-fiction`. */
const genresOf = (title: Title): [slug: string, name: string][] =>
  genreNames(title.genres).map((name) => [genreSlug(name), name]);

/** The public sets of a title (genre, year): they hold visible titles only. */
function publicSets(type: TitleType, title: Title, genres = genresOf(title)): string[] {
  const sets: string[] = [];
  for (const [slug] of genres) sets.push(`genre:${slug}`);
  const year = dateOf(type, title)?.slice(0, 4);
  if (year && /^\d{4}$/.test(year)) sets.push(`year:${year}`);
  return sets;
}

/** The search terms of a title: it is in the set `term:<term>` of each, hidden or not (admins search hidden ones too). */
const termsOf = (type: TitleType, title: Title) => titleTerms(nameOf(type, title), title.overview);

function sortScores(
  type: TitleType,
  title: Title,
): Record<'popularity' | 'rating' | 'date' | 'title', number> {
  return {
    popularity: title.popularity,
    rating: ratingScore(title.vote_average, title.vote_count),
    date: dateScore(dateOf(type, title)),
    title: titleSortScore(nameOf(type, title)),
  };
}

/** How big the last packed group was: the next one starts that big, instead of growing to it. */
let packedBytes = 64 * 1024;

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
class TypeChanges {
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
    const out = new RespWriter(packedBytes);
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
    packedBytes = Math.max(64 * 1024, Math.ceil(out.size * 1.25));
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

/** What indexing an imported title takes that does not depend on the read model (`prepare`). */
interface PreparedTitle {
  readonly terms: Set<string>;
  readonly genres: [slug: string, name: string][];
  readonly publicSets: string[];
  readonly scores: ReturnType<typeof sortScores>;
  readonly doc: string;
}

function prepareTitle(type: TitleType, title: Title): PreparedTitle {
  const genres = genresOf(title);
  return {
    terms: termsOf(type, title),
    genres,
    publicSets: publicSets(type, title, genres),
    scores: sortScores(type, title),
    doc: encodeTitle(type, title),
  };
}

/** Filled by `prepare` while the previous batch commits; read (and forgotten) by `apply`. */
const preparedTitles = new WeakMap<StoredEvent, PreparedTitle>();

/**
 * A batch of imports of titles the projector has not seen, indexed ahead by `prepare` on the
 * guess that none of them exists yet (a new import's batches): `apply` checks the guess against
 * the read model and writes these changes as they are, or indexes the batch itself.
 */
interface PreparedBatch {
  readonly first: StoredEvent;
  readonly count: number;
  readonly changes: Record<TitleType, TypeChanges>;
}
const preparedBatches = new WeakMap<StoredEvent, PreparedBatch>();

/**
 * The key prefix each type was last written under, by its epoch key (one per generation and
 * type): `prepare` packs a batch's writes under it, ahead of knowing the epoch for sure.
 */
const lastPrefixes = new Map<string, string>();

/** Indexes an imported title's version: the writes for a title new to the catalogue, or re-imported. */
function indexTitle(
  c: TypeChanges,
  e: StoredEvent,
  title: Title,
  prepared: PreparedTitle,
  hidden: boolean,
  isNew: boolean,
) {
  const { id } = title;
  const { terms, scores } = prepared;
  if (hidden) c.countHidden(terms, 1);
  for (const term of terms) c.terms.change(term, id, true);
  if (!hidden) for (const set of prepared.publicSets) c.sets.change(set, id, true);
  for (const [slug, name] of prepared.genres) c.genreNames.set(slug, name);
  c.sets.change(hidden ? 'hidden' : 'visible', id, true);
  c.score('popularity', id, scores.popularity);
  c.score('rating', id, scores.rating);
  c.score('date', id, scores.date);
  c.score('title', id, scores.title);
  if (isNew) {
    c.score('created', id, Date.parse(e.metadata.occurredAt));
    c.score('views', id, 0);
  }
  c.docs.push(id, prepared.doc);
}

interface Known {
  title: Title;
  hidden: boolean;
}

type Ref = { type: TitleType; id: number };

function refOf(event: StoredEvent['event']): Ref | null {
  switch (event?.type) {
    case 'TitleImported':
      return { type: event.data.type, id: event.data.title.id };
    case 'TitleHidden':
    case 'TitleUnhidden':
    case 'TitleDeleted':
      return event.data;
    default:
      return null;
  }
}

export const catalogueProjector: Projector = {
  name: CATALOGUE.projector,
  // Big batches share more postings per SADD: an import is a long run of TitleImported events.
  batchSize: 2000,
  handles: ['TitleImported', 'CatalogueTruncated', 'TitleHidden', 'TitleUnhidden', 'TitleDeleted'],

  prepare(events, key) {
    const seen = new Set<string>();
    let changes: Record<TitleType, TypeChanges> | null = { movie: new TypeChanges(), tv: new TypeChanges() };
    const titles: [StoredEvent, PreparedTitle][] = [];
    for (const e of events) {
      const event = e.event;
      if (event?.type !== 'TitleImported') {
        changes = null;
        continue;
      }
      const { type, title } = event.data;
      const prepared = prepareTitle(type, title);
      titles.push([e, prepared]);
      const ref = `${type}:${title.id}`;
      if (seen.has(ref)) changes = null; // the same title twice: apply groups the writes
      seen.add(ref);
      // Adult titles arrive hidden: an admin can choose to show them.
      if (changes) indexTitle(changes[type], e, title, prepared, title.adult, true);
    }
    if (changes && events.length > 0) {
      // Encoded under the prefix the last batch was written to (apply checks it still holds), and
      // only the encoding is kept: the titles' terms, if apply needs them after all (a title
      // turned out to exist), are computed again. Keeping both for every batch in flight was most
      // of what the projector's garbage collector copied.
      for (const type of ['movie', 'tv'] as const) {
        const prefix = lastPrefixes.get(key(...CATALOGUE.epoch(type)));
        if (prefix !== undefined) changes[type].pack(prefix);
      }
      preparedBatches.set(events.at(-1)!, { first: events[0]!, count: events.length, changes });
    } else {
      for (const [e, prepared] of titles) preparedTitles.set(e, prepared);
    }
  },

  async apply({ events, tx, key, redis }) {
    const types: TitleType[] = ['movie', 'tv'];
    const epochs = {} as Record<TitleType, number>;
    /** Each type's key prefix in its current epoch, ending in ':': built when the epoch moves. */
    const prefixes = {} as Record<TitleType, string>;
    const enter = (type: TitleType, epoch: number) => {
      epochs[type] = epoch;
      prefixes[type] = `${key(...CATALOGUE.inEpoch(type, epoch))}:`;
      lastPrefixes.set(key(...CATALOGUE.epoch(type)), prefixes[type]);
    };
    const stored = await redis.mget(...types.map((t) => key(...CATALOGUE.epoch(t))));
    types.forEach((t, i) => enter(t, Number(stored[i] ?? 0)));

    // What the batch's titles looked like before it: their documents and hidden flags.
    const refs = new Map<string, Ref>();
    for (const e of events) {
      const ref = refOf(e.event);
      if (ref) refs.set(`${ref.type}:${ref.id}`, ref);
    }
    const known = new Map<string, Known | null>();
    if (refs.size > 0) {
      const list = [...refs.values()];
      const docs = await redis.mget(...list.map((r) => `${prefixes[r.type]}doc:${r.id}`));
      const hiddenFlags = new Map<TitleType, Map<number, boolean>>();
      for (const type of types) {
        const ids = list.filter((r, i) => r.type === type && docs[i]).map((r) => r.id);
        if (ids.length === 0) continue;
        const flags = await redis.smismember(`${prefixes[type]}hidden`, ...ids);
        hiddenFlags.set(type, new Map(ids.map((id, i) => [id, flags[i] === 1])));
      }
      list.forEach((r, i) => {
        const doc = docs[i];
        const hidden = hiddenFlags.get(r.type)?.get(r.id) ?? false;
        known.set(`${r.type}:${r.id}`, doc ? { title: decodeTitle(r.type, doc), hidden } : null);
      });
    }

    // Only imports of titles that do not exist yet: write what `prepare` indexed.
    const ahead = preparedBatches.get(events.at(-1)!);
    if (
      ahead &&
      ahead.first === events[0] &&
      ahead.count === events.length &&
      [...known.values()].every((k) => k === null) &&
      types.every((type) => ahead.changes[type].writableUnder(prefixes[type]))
    ) {
      for (const type of types) ahead.changes[type].write(tx, prefixes[type]);
      return;
    }

    const changes: Record<TitleType, TypeChanges> = { movie: new TypeChanges(), tv: new TypeChanges() };
    /** Titles changed in the current group: touching one again starts a new group. */
    const touched = new Set<string>();
    const flush = () => {
      for (const type of types) changes[type].flush(tx, prefixes[type]);
      touched.clear();
    };
    const touch = (ref: string) => {
      if (touched.has(ref)) flush();
      touched.add(ref);
    };
    /** Takes a title's previous version out of the sets it leaves, and out of the hidden counts. */
    const unindex = (
      type: TitleType,
      id: number,
      before: Known,
      keepTerms: Set<string>,
      keepSets: Set<string>,
    ) => {
      const c = changes[type];
      const terms = termsOf(type, before.title);
      for (const term of terms) if (!keepTerms.has(term)) c.terms.change(term, id, false);
      if (before.hidden) {
        c.countHidden(terms, -1);
        return;
      }
      for (const set of publicSets(type, before.title)) if (!keepSets.has(set)) c.sets.change(set, id, false);
    };

    for (const e of events) {
      const event = e.event;
      switch (event?.type) {
        case 'TitleImported': {
          const { type, title } = event.data;
          const { id } = title;
          const ref = `${type}:${id}`;
          touch(ref);
          const c = changes[type];
          const before = known.get(ref) ?? null;
          // Adult titles arrive hidden: an admin can choose to show them.
          const hidden = before ? before.hidden : title.adult;
          const prepared = preparedTitles.get(e) ?? prepareTitle(type, title);
          if (before) {
            unindex(type, id, before, prepared.terms, new Set(hidden ? [] : prepared.publicSets));
            c.sets.change(hidden ? 'visible' : 'hidden', id, false);
          }
          indexTitle(c, e, title, prepared, hidden, !before);
          known.set(ref, { title, hidden });
          break;
        }
        case 'TitleHidden':
        case 'TitleUnhidden': {
          const { type, id } = event.data;
          const ref = `${type}:${id}`;
          const current = known.get(ref);
          if (!current) break; // hiding a title that is not (or no longer) there changes nothing
          const hidden = event.type === 'TitleHidden';
          if (hidden === current.hidden) break;
          touch(ref);
          const c = changes[type];
          c.sets.change('hidden', id, hidden);
          c.sets.change('visible', id, !hidden);
          for (const set of publicSets(type, current.title)) c.sets.change(set, id, !hidden);
          c.countHidden(termsOf(type, current.title), hidden ? 1 : -1);
          current.hidden = hidden;
          break;
        }
        case 'TitleDeleted': {
          const { type, id } = event.data;
          const ref = `${type}:${id}`;
          const current = known.get(ref);
          if (!current) break;
          touch(ref);
          const c = changes[type];
          unindex(type, id, current, new Set(), new Set());
          c.sets.change('hidden', id, false);
          c.sets.change('visible', id, false);
          for (const order of CATALOGUE_SORTS) c.score(order, id, null);
          c.deletedDocs.push(id);
          known.set(ref, null);
          break;
        }
        case 'CatalogueTruncated': {
          const { type } = event.data;
          const old = epochs[type];
          // Whatever was pending for the old epoch is written there and dropped with it.
          flush();
          enter(type, old + 1);
          tx.set(key(...CATALOGUE.epoch(type)), String(old + 1));
          tx.sadd(key(type, 'dropped-epochs'), String(old));
          for (const [ref] of known) if (ref.startsWith(`${type}:`)) known.set(ref, null);
          break;
        }
      }
    }
    flush();
  },

  /** Deletes the keys of epochs that a replace-mode import dropped, without blocking Redis. */
  async afterCommit(redis, key) {
    for (const type of ['movie', 'tv'] as const) {
      const dropped = await redis.smembers(key(type, 'dropped-epochs'));
      for (const epoch of dropped) {
        const pattern = `${key(...CATALOGUE.inEpoch(type, Number(epoch)))}:*`;
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 2000);
          cursor = next;
          if (keys.length > 0) await redis.unlink(...keys);
        } while (cursor !== '0');
        await redis.srem(key(type, 'dropped-epochs'), epoch);
      }
    }
  },
};
