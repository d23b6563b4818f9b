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
 * what they were) and their new scores; one script applies a batch's updates to the scores and
 * the orders together, so they never disagree. Applying the same updates again changes nothing.
 */
import type { Redis } from 'ioredis';
import { CATALOGUE_SORTS, type CatalogueSortKey } from '../keys.js';
import type { Transaction } from '../../runtime/transaction.js';
import type { RespWriter } from '../../runtime/resp-writer.js';
import type { KeyComparison } from '../../runtime/projector.js';
import { orderScript, readWholeOrder } from './chunked-order.js';
import { luaScript } from '../../runtime/script.js';

const ORDERS = CATALOGUE_SORTS.length;
/** Titles of this many consecutive ids share a hash of scores. */
const BUCKET = 64;
const SCORE_BYTES = 8 * ORDERS;
/** An update: a byte of flags (bit i: set order i; ONLY_IF_PRESENT), then the scores. */
const UPDATE_BYTES = 1 + SCORE_BYTES;
/** The title is changed only if the catalogue holds it (views of a title deleted meanwhile). */
const ONLY_IF_PRESENT = 1 << ORDERS;

/** The relative name of the hash holding a title's scores. */
export const scoresKey = (id: number | string): string => `scores:${Math.floor(Number(id) / BUCKET)}`;
/** The relative name of an order's directory (its chunks and count hang off it). */
export const orderKey = (order: CatalogueSortKey): string => `sort:${order}`;

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

/**
 * KEYS[1]: a key of the type's catalogue (the slot). ARGV[1]: the type's key prefix, then pairs
 * of an id and its update. Moves each title in the orders whose score changed and stores its
 * scores (drops them when it is in no order any more).
 */
const SET_SCORES = orderScript(`
local prefix = ARGV[1]
local orders, counts = {}, {}
${CATALOGUE_SORTS.map((order, i) => `orders[${i + 1}] = prefix .. 'sort:${order}'`).join('\n')}
for i = 1, ${ORDERS} do counts[i] = 0 end
local NAN = 0 / 0
for a = 2, #ARGV, 2 do
  local id = ARGV[a]
  local update = ARGV[a + 1]
  local flags = string.byte(update, 1)
  local number = tonumber(id)
  local bucket = number and prefix .. 'scores:' .. math.floor(number / ${BUCKET})
  local stored = bucket and redis.call('HGET', bucket, id)
  if bucket and (stored or flags < ${ONLY_IF_PRESENT}) then
    local new = { struct.unpack('<${'d'.repeat(ORDERS)}', update, 2) }
    local old = stored and { struct.unpack('<${'d'.repeat(ORDERS)}', stored) } or {}
    local merged = {}
    local kept = false
    for i = 1, ${ORDERS} do
      local was = old[i] or NAN
      local now = was
      if math.floor(flags / 2 ^ (i - 1)) % 2 == 1 then now = new[i] end
      merged[i] = now
      if now == now then kept = true end
      if not (was == now or (was ~= was and now ~= now)) then
        if was == was then counts[i] = counts[i] - order_remove(orders[i], was, id) end
        if now == now then counts[i] = counts[i] + order_add(orders[i], now, id) end
      end
    end
    if kept then
      redis.call('HSET', bucket, id, struct.pack('<${'d'.repeat(ORDERS)}', unpack(merged)))
    elseif stored then
      redis.call('HDEL', bucket, id)
    end
  end
end
for i = 1, ${ORDERS} do
  if counts[i] ~= 0 then redis.call('INCRBY', orders[i] .. ':n', counts[i]) end
end
return 0`);

const SET_SCORES_NOW = luaScript('set_scores', SET_SCORES);

/**
 * Titles' new scores, gathered for one script call. A title's scores are set one order at a time
 * (`set`), consecutively; `null` takes it out of that order.
 */
export class ScoreUpdates {
  private ids: number[] = [];
  private bytes = Buffer.allocUnsafe(UPDATE_BYTES * 256);
  private last = -1;

  /** Sets a title's score in one order (null: not in it). */
  set(id: number, order: CatalogueSortKey, score: number | null, onlyIfPresent = false): void {
    if (this.last !== id || this.ids.length === 0) this.start(id);
    const at = (this.ids.length - 1) * UPDATE_BYTES;
    const i = orderIndex(order);
    this.bytes[at] = this.bytes[at]! | (1 << i) | (onlyIfPresent ? ONLY_IF_PRESENT : 0);
    this.bytes.writeDoubleLE(score === null ? Number.NaN : storedScore(order, score), at + 1 + 8 * i);
  }

  /** The script call that applies the updates under `prefix` (the type's key prefix), as its arguments. */
  private args(prefix: string): (string | number | Buffer)[] {
    const args: (string | number | Buffer)[] = [SET_SCORES, 1, `${prefix}${orderKey('popularity')}`, prefix];
    this.ids.forEach((id, i) => args.push(id, this.bytes.subarray(i * UPDATE_BYTES, (i + 1) * UPDATE_BYTES)));
    return args;
  }

  /** Writes the call into a batch's packed commands. */
  writeTo(out: RespWriter, prefix: string): void {
    if (this.ids.length > 0) out.command('EVAL', this.args(prefix));
  }

  /** Queues the call in a transaction. */
  queue(tx: Transaction, prefix: string): void {
    if (this.ids.length > 0) {
      const [script, ...rest] = this.args(prefix);
      tx.eval(script as string, ...(rest as [number, ...(string | number | Buffer)[]]));
    }
  }

  /** Applies the updates under `prefix` now, outside a batch (tests, tools), a few thousand titles a call. */
  async run(redis: Redis, prefix: string): Promise<void> {
    const [, keyCount, key, typePrefix, ...updates] = this.args(prefix);
    for (let i = 0; i < updates.length; i += 4000)
      await SET_SCORES_NOW(redis, keyCount!, key!, typePrefix!, ...updates.slice(i, i + 4000));
  }

  clear(): void {
    this.ids = [];
    this.last = -1;
  }

  private start(id: number): void {
    const at = this.ids.length * UPDATE_BYTES;
    if (at + UPDATE_BYTES > this.bytes.length) {
      const bigger = Buffer.allocUnsafe(this.bytes.length * 2);
      this.bytes.copy(bigger, 0, 0, at);
      this.bytes = bigger;
    }
    this.bytes[at] = 0;
    this.ids.push(id);
    this.last = id;
  }
}

/** Lua: the score of title `id` in order number `index` (1-based, CATALOGUE_SORTS order), or nil. */
export const SCORE_OF = `
local function score_of(prefix, index, id)
  local number = tonumber(id)
  if not number then return nil end
  local stored = redis.call('HGET', prefix .. 'scores:' .. math.floor(number / ${BUCKET}), id)
  if not stored then return nil end
  local score = struct.unpack('<d', stored, 1 + 8 * (index - 1))
  if score ~= score then return nil end
  return score
end`;

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
  if (ids.length === 0) return [];
  const pipeline = redis.pipeline();
  for (const id of ids) pipeline.hgetBuffer(key(scoresKey(id)), id);
  const offset = 8 * orderIndex(order);
  return ((await pipeline.exec()) ?? []).map(([error, stored]) => {
    if (error) throw error;
    if (!stored) return null;
    const score = (stored as Buffer).readDoubleLE(offset);
    return Number.isNaN(score) ? null : score;
  });
}

/**
 * How a key of the orders compares (see the projector's `comparedAs`): an order's chunks depend
 * on the history that built it, so an order is read whole, as [member, score] pairs in order,
 * from its directory, and its chunks are left to that.
 */
export function orderKeyComparison(name: string): KeyComparison | undefined {
  if (/:sort:[a-z]+:c:/.test(name)) return 'skip';
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
