/**
 * The catalogue read model: every title as JSON, an order for each sort (`orders/`), sets of ids for
 * visibility, genres and years, and the search index (see CATALOGUE in keys.ts). Sets hold
 * integer ids so Redis keeps them as compact intsets; search postings are packed strings.
 *
 * A batch of events is folded into net changes first (the last word on each member of each key
 * wins), then written with one command per key (`TypeChanges`). What a title indexes to is in
 * `indexing.ts`; the import's batches are indexed while the previous one commits (`PreparedAhead`).
 */
import type { TitleType } from '@cinefold/contracts';
import { encodePosition, scanKeys } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { type PackingSize, packingSize, TypeChanges } from './changes.js';
import { imdbOf, publicSetsOf, searchOf, type Title } from './indexing.js';
import { type CatalogueEvent, PreparedAhead } from './prepare-ahead.js';
import { readViewsBefore, writeViews } from './views.js';
import { closingsStandForViews } from '../traffic/books.js';
import { CATALOGUE, CATALOGUE_SORTS } from './keys.js';
import {
  canonicalPostings,
  NAME_POSTING_BYTES,
  OVERVIEW_POSTING_BYTES,
  searchKeyComparison,
} from './search-index.js';
import { decodeTitle } from './stored.js';
import { readDocuments } from './documents.js';
import { orderKeyComparison } from './orders/title-orders.js';
import { OrderWriter, type OrderUpdates } from './orders/order-writer.js';
import { defineProjector, unhandled } from '../runtime/projector.js';

const TYPES: readonly TitleType[] = ['movie', 'tv'];
/** How long the projector waits without a batch before it trims the lists it appended to. */
const SETTLED_MS = 1000;

/** A title as the read model held it before the batch (or as the batch left it so far). */
interface Known {
  title: Title;
  hidden: boolean;
}

type Ref = { type: TitleType; id: number };

/** A type's key prefix in an epoch, ending in ':'. */
const epochPrefix = (key: (...parts: string[]) => string, type: TitleType, epoch: number): string =>
  `${key(...CATALOGUE.inEpoch(type, epoch))}:`;

/** Each type's current epoch (0 before the first replace-mode import). */
async function currentEpochs(
  redis: Redis,
  key: (...parts: string[]) => string,
): Promise<Record<TitleType, number>> {
  const stored = await redis.mget(...TYPES.map((type) => key(...CATALOGUE.epoch(type))));
  return Object.fromEntries(TYPES.map((type, i) => [type, Number(stored[i] ?? 0)])) as Record<
    TitleType,
    number
  >;
}

function refOf(event: CatalogueEvent['event']): Ref | null {
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

/**
 * Which of `ids` the type's catalogue holds under `prefix`, and which of those are hidden: a title
 * it holds is in its `visible` or its `hidden` set, and has a document. One round for any number
 * of ids, where reading a document for each id took one `HGET` each inside Redis, most of them
 * for nothing (an import's titles are new).
 */
async function heldTitles(
  redis: Redis,
  prefix: string,
  ids: readonly number[],
): Promise<{ held: number[]; hidden: Set<number> }> {
  const [visible, hidden] = await Promise.all([
    redis.smismember(`${prefix}visible`, ...ids),
    redis.smismember(`${prefix}hidden`, ...ids),
  ]);
  const held: number[] = [];
  const hiddenIds = new Set<number>();
  ids.forEach((id, i) => {
    if (hidden[i] === 1) hiddenIds.add(id);
    if (visible[i] === 1 || hidden[i] === 1) held.push(id);
  });
  return { held, hidden: hiddenIds };
}

/**
 * A catalogue projector with state of its own (what it prepared ahead, how big its last writes
 * were): each runner and each rebuild makes one.
 */
export function createCatalogueProjector() {
  const size = packingSize();
  const ahead = new PreparedAhead(size);
  /** Each order's chunks, as this projector last wrote or read them. */
  const orders = new OrderWriter();
  /** The trim of the lists appended to, due once no batch has come for SETTLED_MS. */
  let settled: NodeJS.Timeout | undefined;
  const newChanges = (): Record<TitleType, TypeChanges> => ({
    movie: new TypeChanges(size),
    tv: new TypeChanges(size),
  });

  return defineProjector({
    name: CATALOGUE.projector,
    // 2: the search index of packed postings and a vocabulary of title words (no prefix sets).
    // 3: movies by IMDb id.
    // 4: numbers and ordinals written as words ("Shrek Two", "Shrek the Third") found by their
    //    figures, "&" read as "and" (left out of the whole-name key), and a Roman numeral first
    //    in a longer name ("X-Men") left a letter in the whole-name key.
    // 5: orders in chunks, with every title's scores beside them (`orders/`).
    // 6: documents compressed with a dictionary (`stored.ts`), in hashes of 64 ids (`documents.ts`).
    version: 6,
    // Big batches append each posting list once for more titles: an import is a long run of
    // TitleImported events. A build at a start, which serves no one, takes bigger ones still.
    batchSize: 2000,
    buildBatchSize: 10_000,
    handles: [
      'TitleImported',
      'CatalogueTruncated',
      'TitleHidden',
      'TitleUnhidden',
      'TitleDeleted',
      // The `views` order (views.ts).
      'PageViewed',
      'TrafficDayClosed',
    ],
    supersedes: closingsStandForViews,

    prepare(events, key) {
      ahead.prepare(events, key);
    },

    async apply({ events, tx, key, redis, building }) {
      clearTimeout(settled);
      const epochs = {} as Record<TitleType, number>;
      /** Each type's key prefix in its current epoch, ending in ':': built when the epoch moves. */
      const prefixes = {} as Record<TitleType, string>;
      const enter = (type: TitleType, epoch: number) => {
        epochs[type] = epoch;
        prefixes[type] = epochPrefix(key, type, epoch);
        ahead.writingUnder(key(...CATALOGUE.epoch(type)), prefixes[type]);
      };
      const current = await currentEpochs(redis, key);
      for (const type of TYPES) enter(type, current[type]);
      const viewsBefore = await readViewsBefore(redis, key, events);
      const imported: Record<TitleType, Set<number>> = { movie: new Set(), tv: new Set() };
      for (const { event } of events)
        if (event?.type === 'TitleImported') imported[event.data.type].add(event.data.title.id);
      /**
       * Where each type's search last changed: the position of the last event that imported a
       * new or different title, hid, showed, deleted or dropped one. The query side keeps what it
       * read of the search index until this moves; views, which move the checkpoint all day, and
       * a title imported again as it was leave it alone.
       */
      const searchChangedAt: Partial<Record<TitleType, string>> = {};
      /** The batch's new scores, in the order they were set, written last (`OrderWriter`). */
      const scores: OrderUpdates[] = [];
      const finish = async () => {
        for (const type of TYPES) {
          const position = searchChangedAt[type];
          if (position !== undefined) tx.set(`${prefixes[type]}search:version`, position);
        }
        await writeViews(redis, tx, key, events, viewsBefore, imported, prefixes, scores);
        // Built from the log, the orders are written once at the end, from the scores (below).
        await orders.write(redis, tx, scores, { scoresOnly: building, absent });
      };

      // What the batch's titles looked like before it: their documents and hidden flags.
      const refs = new Map<string, Ref>();
      for (const e of events) {
        const ref = refOf(e.event);
        if (ref) refs.set(`${ref.type}:${ref.id}`, ref);
      }
      const known = new Map<string, Known | null>();
      /** By type prefix, the batch's titles the catalogue did not hold before it: they have no scores. */
      const absent = new Map<string, Set<number>>();
      for (const type of TYPES) {
        const ids: number[] = [];
        for (const ref of refs.values()) if (ref.type === type) ids.push(ref.id);
        if (ids.length === 0) continue;
        const { held, hidden } = await heldTitles(redis, prefixes[type], ids);
        const docs = await readDocuments(redis, prefixes[type], held);
        const found = new Map(held.map((id, i) => [id, docs[i]]));
        for (const id of ids) {
          const doc = found.get(id);
          known.set(`${type}:${id}`, doc ? { title: decodeTitle(type, doc), hidden: hidden.has(id) } : null);
        }
        absent.set(prefixes[type], new Set(ids.filter((id) => !found.has(id))));
      }

      // Only imports of titles that do not exist yet: write what `prepare` indexed.
      const prepared = await ahead.batch(events);
      if (
        prepared &&
        [...known.values()].every((k) => k === null) &&
        TYPES.every((type) => prepared[type].writableUnder(prefixes[type]))
      ) {
        for (const type of TYPES) {
          prepared[type].write(tx, prefixes[type]);
          scores.push({ prefix: prefixes[type], updates: prepared[type].scoreUpdates });
        }
        // The last import of each type is where its search last changed.
        for (let i = events.length - 1; i >= 0 && Object.keys(searchChangedAt).length < TYPES.length; i--) {
          const e = events[i]!;
          if (e.event?.type === 'TitleImported' && !(e.event.data.type in searchChangedAt))
            searchChangedAt[e.event.data.type] = encodePosition(e.position);
        }
        await finish();
        return;
      }

      const changes = newChanges();
      /** Titles changed in the current group: touching one again starts a new group. */
      const touched = new Set<string>();
      const flush = () => {
        for (const type of TYPES) {
          scores.push({ prefix: prefixes[type], updates: changes[type].takeScores() });
          changes[type].flush(tx, prefixes[type]);
        }
        touched.clear();
      };
      const touch = (ref: string) => {
        if (touched.has(ref)) flush();
        touched.add(ref);
      };
      /** Takes a title's previous version out of the public sets it leaves. */
      const unlist = (type: TitleType, id: number, before: Known, keepSets: Set<string>) => {
        if (before.hidden) return;
        for (const set of publicSetsOf(type, before.title))
          if (!keepSets.has(set)) changes[type].sets.change(set, id, false);
      };

      for (const e of events) {
        const event = e.event;
        if (!event) continue;
        switch (event.type) {
          case 'TitleImported': {
            const { type, title } = event.data;
            const { id } = title;
            const ref = `${type}:${id}`;
            touch(ref);
            const c = changes[type];
            const before = known.get(ref) ?? null;
            // Adult titles arrive hidden: an admin can choose to show them.
            const hidden = before ? before.hidden : title.adult;
            const index = ahead.indexOf(e, type, title);
            if (before) {
              unlist(type, id, before, new Set(hidden ? [] : index.publicSets));
              c.sets.change(hidden ? 'visible' : 'hidden', id, false);
              const was = imdbOf(type, before.title);
              if (was && was.field !== index.imdb?.field) c.imdb(was, null);
            }
            const created = before ? null : Date.parse(e.metadata.occurredAt);
            if (c.add(id, index, hidden, created, before ? searchOf(type, before.title) : null))
              searchChangedAt[type] = encodePosition(e.position);
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
            for (const set of publicSetsOf(type, current.title)) c.sets.change(set, id, !hidden);
            searchChangedAt[type] = encodePosition(e.position);
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
            unlist(type, id, current, new Set());
            c.search(id, null, searchOf(type, current.title));
            searchChangedAt[type] = encodePosition(e.position);
            c.sets.change('hidden', id, false);
            c.sets.change('visible', id, false);
            for (const order of CATALOGUE_SORTS) c.score(order, id, null);
            c.deletedDocs.push(id);
            const imdb = imdbOf(type, current.title);
            if (imdb) c.imdb(imdb, null);
            known.set(ref, null);
            break;
          }
          case 'CatalogueTruncated': {
            const { type } = event.data;
            const old = epochs[type];
            // Whatever was pending for the old epoch is written there and dropped with it.
            flush();
            enter(type, old + 1);
            searchChangedAt[type] = encodePosition(e.position);
            tx.set(key(...CATALOGUE.epoch(type)), String(old + 1));
            tx.sadd(key(type, 'dropped-epochs'), String(old));
            for (const [ref] of known) if (ref.startsWith(`${type}:`)) known.set(ref, null);
            break;
          }
          case 'PageViewed':
          case 'TrafficDayClosed':
            break; // written after the titles, by views()
          default:
            unhandled(event);
        }
      }
      flush();
      await finish();
    },

    /**
     * A title's place in each order moved at every batch of an import costs a `ZADD` into a chunk
     * per order, most of what Redis does in a replay: a build writes the titles' scores alone,
     * and the orders here, each written once, in order, from every title's scores.
     */
    async completeBuild(redis, key) {
      const epochs = await currentEpochs(redis, key);
      for (const type of TYPES) await orders.writeWhole(redis, epochPrefix(key, type, epochs[type]));
    },

    comparedAs: (name) => orderKeyComparison(name) ?? searchKeyComparison(name),

    /**
     * Compacts the search lists that gathered superseded postings, gives back the room appended
     * lists kept to grow once no batch has come for a second, and deletes the keys of epochs that
     * a replace-mode import dropped, without blocking Redis.
     */
    async afterCommit(redis, key) {
      await compactSearchLists(redis, key);
      clearTimeout(settled);
      if (size.appended.size > 0)
        settled = setTimeout(() => {
          // Nothing is lost if it fails (Redis gone, the projector stopped): the room stays.
          trimPostingLists(redis, size).catch(() => {});
        }, SETTLED_MS).unref();
      for (const type of TYPES) {
        const dropped = await redis.smembers(key(type, 'dropped-epochs'));
        for (const epoch of dropped) {
          const pattern = `${epochPrefix(key, type, Number(epoch))}*`;
          for await (const keys of scanKeys(redis, pattern, 2000)) await redis.unlink(...keys);
          await redis.srem(key(type, 'dropped-epochs'), epoch);
        }
      }
    },
  });
}

/**
 * A list whose superseded postings and tombstones outweigh its live ones is rewritten with its
 * live postings alone (titles imported again and again would otherwise grow it for good). Runs
 * between batches, so nothing appends meanwhile; readers see the old list or the new, both right.
 */
async function compactSearchLists(redis: Redis, key: (...parts: string[]) => string): Promise<void> {
  const epochs = await currentEpochs(redis, key);
  for (const type of TYPES) {
    const prefix = epochPrefix(key, type, epochs[type]);
    const dirty = await redis.smembers(`${prefix}search:dirty`);
    if (dirty.length === 0) continue;
    const sizing = redis.pipeline();
    sizing.hmget(`${prefix}search:dead`, ...dirty);
    for (const name of dirty) sizing.strlen(`${prefix}search:${name}`);
    const replies = (await sizing.exec()) ?? [];
    for (const [error] of replies) if (error) throw error;
    const dead = replies[0]![1] as (string | null)[];
    for (const [j, name] of dirty.entries()) {
      const size = name.startsWith('t:') ? NAME_POSTING_BYTES : OVERVIEW_POSTING_BYTES;
      const postings = Number(replies[j + 1]![1]) / size;
      const tx = redis.multi();
      if (Number(dead[j] ?? 0) * 2 > postings) {
        const list = (await redis.getBuffer(`${prefix}search:${name}`)) ?? Buffer.alloc(0);
        const live = canonicalPostings(list, size);
        if (live.length > 0) tx.set(`${prefix}search:${name}`, live);
        else tx.del(`${prefix}search:${name}`);
        tx.hdel(`${prefix}search:dead`, name);
      }
      tx.srem(`${prefix}search:dirty`, name);
      await tx.exec();
    }
  }
}

/** Writes a string again as it is: Redis then holds it in as many bytes as it has. */
const REWRITE = `local list = redis.call('GET', KEYS[1])
if list then redis.call('SET', KEYS[1], list) end`;
const LISTS_A_ROUND = 200;

/**
 * Posting lists are appended to, and Redis gives an appended string room to double before it
 * moves it again: after an import of a million titles, 120 MB of the overview lists' 325 MB was
 * that room. Once the projector has had no batch for a second (an import or a rebuild over), the
 * lists appended to since it last did are written again as they are, one list a call (atomic, so
 * it may fall between a batch's writes), a few hundred calls a round trip. While batches follow
 * one another nothing is rewritten, so an import or a rebuild copies each list once at its end
 * rather than at every batch; a title imported alone rewrites its few dozen lists. The bytes are
 * the same, so readers and `verify` see no difference.
 */
async function trimPostingLists(redis: Redis, size: PackingSize): Promise<void> {
  const lists = [...size.appended];
  size.appended.clear();
  size.trimmed++;
  for (let i = 0; i < lists.length; i += LISTS_A_ROUND) {
    const round = redis.pipeline();
    for (const list of lists.slice(i, i + LISTS_A_ROUND)) round.eval(REWRITE, 1, list);
    for (const [error] of (await round.exec()) ?? []) if (error) throw error;
  }
}
