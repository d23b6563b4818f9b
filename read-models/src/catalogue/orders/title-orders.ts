/**
 * The catalogue's orders (CATALOGUE_SORTS), each a chunked order (`chunked-order.ts`), and beside
 * them every title's scores, by title:
 *
 *   {type}:e{N}:sort:{order}…          the chunked orders
 *   {type}:e{N}:scores:{bucket}        a hash: id → its score in each order as the order keeps
 *                                      it, 8 bytes each (little-endian doubles, in CATALOGUE_SORTS
 *                                      order; NaN where a title is not in an order)
 *
 * The scores are how a title is found in an order (its chunk is routed to by its score), how a
 * title's place changes (out at the old score, in at the new one), and what a query ranks a set
 * of titles by (an intersection, a date range). A bucket holds the titles of 64 consecutive ids,
 * so it stays a listpack: about 60 bytes a title for all six orders.
 *
 * A projector changes scores with `ScoreUpdates`: per title, the orders it sets (others keep
 * what they were) and their new scores; `OrderWriter` writes a batch's updates to the scores and
 * the orders in the same transaction, so they never disagree. Applying the same updates again
 * changes nothing.
 */
import type { Redis } from 'ioredis';
import { CATALOGUE_SORTS, type CatalogueSortKey } from '../keys.js';
import type { KeyComparison } from '../../runtime/projector.js';
import { readWholeOrder } from './chunked-order.js';
import { BUCKET_GET, bucketKey, bucketsOf, readBuckets } from '../buckets.js';

const ORDERS = CATALOGUE_SORTS.length;
/** A title's scores as stored: a little-endian double for each order. */
export const SCORE_BYTES = 8 * ORDERS;
/** An update: a byte of flags (bit i: set order i; ONLY_IF_PRESENT), then the scores. */
const UPDATE_BYTES = 1 + SCORE_BYTES;
/** The title is changed only if the catalogue holds it (views of a title deleted meanwhile). */
const ONLY_IF_PRESENT = 1 << ORDERS;

/** The relative name of the hash holding a title's scores. */
export const scoresKey = (id: number | string): string => bucketKey('scores', id);
/** A pattern of the relative names of every hash of scores. */
export const SCORES_PATTERN = bucketsOf('scores');
/** The relative name of an order's directory (its chunks and count hang off it). */
export const orderKey = (order: CatalogueSortKey): string => `sort:${order}`;
/** A pattern of the relative names of every key of the orders (directories, chunks, counts). */
export const ORDERS_PATTERN = 'sort:*';

const orderIndex = (order: CatalogueSortKey): number => CATALOGUE_SORTS.indexOf(order);

/**
 * Orders keep whole numbers (`chunked-order.ts`): popularity and rating, fractions, as whole
 * millionths. Redis 7.0 keeps a fraction in a listpack as 17 digits of text and parses it at every
 * comparison of an insert: 10 µs an insert into a chunk of a hundred, against 2.7 for integers.
 * Two titles whose popularity or rating differ by less than a millionth tie, and go by id.
 */
const IN_MILLIONTHS: ReadonlySet<CatalogueSortKey> = new Set(['popularity', 'rating']);
const storedScore = (order: CatalogueSortKey, score: number): number =>
  Math.round(IN_MILLIONTHS.has(order) ? score * 1e6 : score);

/** `ScoreUpdates` as plain data (`data`, `ScoreUpdates.of`). */
export interface ScoreUpdatesData {
  readonly ids: number[];
  readonly bytes: Uint8Array;
}

/**
 * Titles' new scores, gathered for a batch (`order-writer.ts` writes them). A title's scores are
 * set one order at a time (`set`), consecutively; `null` takes it out of that order.
 */
export class ScoreUpdates {
  private ids: number[] = [];
  private bytes: Buffer = Buffer.allocUnsafe(UPDATE_BYTES * 256);
  private last = -1;

  /** Sets a title's score in one order (null: not in it). */
  set(id: number, order: CatalogueSortKey, score: number | null, onlyIfPresent = false): void {
    if (this.last !== id || this.ids.length === 0) this.start(id);
    const at = (this.ids.length - 1) * UPDATE_BYTES;
    const i = orderIndex(order);
    this.bytes[at] = this.bytes[at]! | (1 << i) | (onlyIfPresent ? ONLY_IF_PRESENT : 0);
    this.bytes.writeDoubleLE(score === null ? Number.NaN : storedScore(order, score), at + 1 + 8 * i);
  }

  /** How many updates (a title's run of `set`s is one). */
  get size(): number {
    return this.ids.length;
  }

  /**
   * Each update in turn: the title, whether it sets order number i (CATALOGUE_SORTS order),
   * whether it applies only to a title the catalogue holds, and its score in order i (NaN: out).
   */
  forEach(
    visit: (
      id: number,
      sets: (i: number) => boolean,
      onlyIfPresent: boolean,
      score: (i: number) => number,
    ) => void,
  ): void {
    this.ids.forEach((id, n) => {
      const at = n * UPDATE_BYTES;
      const flags = this.bytes[at]!;
      visit(
        id,
        (i) => (flags & (1 << i)) !== 0,
        (flags & ONLY_IF_PRESENT) !== 0,
        (i) => this.bytes.readDoubleLE(at + 1 + 8 * i),
      );
    });
  }

  /** The updates as plain data, to hand to another thread (`ScoreUpdates.of` takes them back). */
  get data(): ScoreUpdatesData {
    return { ids: this.ids, bytes: this.bytes.subarray(0, this.ids.length * UPDATE_BYTES) };
  }

  static of(data: ScoreUpdatesData): ScoreUpdates {
    const updates = new ScoreUpdates();
    updates.ids = data.ids;
    updates.bytes = Buffer.from(data.bytes.buffer, data.bytes.byteOffset, data.bytes.byteLength);
    updates.last = data.ids.at(-1) ?? -1;
    return updates;
  }

  private start(id: number): void {
    const at = this.ids.length * UPDATE_BYTES;
    if (at + UPDATE_BYTES > this.bytes.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, UPDATE_BYTES * 256));
      this.bytes.copy(bigger, 0, 0, at);
      this.bytes = bigger;
    }
    this.bytes[at] = 0;
    this.ids.push(id);
    this.last = id;
  }
}

/** Lua: the score of title `id` in order number `index` (1-based, CATALOGUE_SORTS order), or nil. */
export const SCORE_OF = `${BUCKET_GET}
local function score_of(prefix, index, id)
  local stored = bucket_get(prefix, 'scores', id)
  if not stored then return nil end
  local score = struct.unpack('<d', stored, 1 + 8 * (index - 1))
  if score ~= score then return nil end
  return score
end`;

/**
 * Titles' stored scores (`SCORE_BYTES` each; null: in no order), in the order of `ids`, under
 * `prefix` (the type's key prefix): one command, however many ids.
 */
export const readStoredScores = (
  redis: Redis,
  prefix: string,
  ids: readonly (number | string)[],
): Promise<(Buffer | null)[]> => readBuckets(redis, prefix, 'scores', ids);

/** The 1-based index of an order in the stored scores, as `score_of` takes it. */
export const scoreIndex = (order: CatalogueSortKey): number => orderIndex(order) + 1;

/**
 * The scores of `ids` in `order` as the order keeps them (popularity and rating in millionths), in
 * the same order (null: the title is not in that order or not in the catalogue). `key` names a
 * key of the type's catalogue.
 */
export async function readScores(
  redis: Redis,
  key: (...parts: string[]) => string,
  ids: readonly string[],
  order: CatalogueSortKey,
): Promise<(number | null)[]> {
  const offset = 8 * orderIndex(order);
  return (await readStoredScores(redis, key(''), ids)).map((stored) => {
    if (!stored) return null;
    const score = stored.readDoubleLE(offset);
    return Number.isNaN(score) ? null : score;
  });
}

/**
 * How a key of the orders compares (see the projector's `comparedAs`): an order's chunks depend
 * on the history that built it, so an order is read whole, as [member, score] pairs in order,
 * from its directory, and its chunks and token are left to that.
 */
export function orderKeyComparison(name: string): KeyComparison | undefined {
  // Which write last touched the orders (`order-writer.ts`): a value of its own in each history.
  if (/:orders:token$/.test(name)) return 'skip';
  if (/:sort:[a-z]+:c:/.test(name)) return 'skip';
  // How many members an order holds: no key, or 0 where a history emptied it, for none. Its
  // members are compared with the order itself.
  if (/:sort:[a-z]+:n$/.test(name)) return 'skip';
  if (/:sort:[a-z]+$/.test(name))
    return {
      async read(redis, key) {
        const flat = await readWholeOrder(redis, key);
        const pairs: [string, number][] = [];
        for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i]!, Number(flat[i + 1])]);
        return pairs;
      },
    };
  return undefined;
}
