/**
 * The catalogue's per-title values kept in hashes of 64 consecutive ids (`{family}:{floor(id /
 * 64)}`, id → value) rather than a key per title: the documents (`documents.ts`) and every
 * title's scores (`orders/title-orders.ts`). A key of its own costs a table entry, a long name
 * and an object header; in a hash, a title costs its field and an entry.
 */
import type { Redis } from 'ioredis';
import { luaScript } from '../runtime/script.js';

/** Titles of this many consecutive ids share a hash. */
const BUCKET = 64;

/** The relative name of the hash of `family` that holds title `id`'s value. */
export const bucketKey = (family: string, id: number | string): string =>
  `${family}:${Math.floor(Number(id) / BUCKET)}`;

/** A pattern (`SCAN … MATCH`) of the relative names of every hash of `family`. */
export const bucketsOf = (family: string): string => `${family}:*`;

/** Lua: bucket_get(prefix, family, id), title id's value in `family` as `bucketKey` finds it, or nil. */
export const BUCKET_GET = `
local function bucket_get(prefix, family, id)
  local number = tonumber(id)
  if not number then return nil end
  return redis.call('HGET', prefix .. family .. ':' .. math.floor(number / ${BUCKET}), id)
end`;

/** ARGV: the type's key prefix, the family, then ids: each one's value, or nil. */
const READ = luaScript(
  'bucket_read',
  `${BUCKET_GET}
local out = {}
for i = 3, #ARGV do out[i - 2] = bucket_get(ARGV[1], ARGV[2], ARGV[i]) or false end
return out`,
  'buffers',
);

/**
 * Ids one command reads at most: a day's closing moves the views of more titles than a call
 * takes arguments.
 */
const READ_IDS = 10_000;

/**
 * The values of `ids` in `family`, in the same order (null: none, or not an id), under `prefix`
 * (the type's key prefix, ending in ':'). One command, however many hashes the ids fall in (a
 * page's twenty titles are in twenty), up to `READ_IDS` ids.
 */
export async function readBuckets(
  redis: Redis,
  prefix: string,
  family: string,
  ids: readonly (number | string)[],
): Promise<(Buffer | null)[]> {
  const values: (Buffer | null)[] = [];
  for (let i = 0; i < ids.length; i += READ_IDS) {
    // KEYS[1] names the slot: every key of the type's catalogue shares its hash tag.
    const read = (await READ(
      redis,
      1,
      `${prefix}${bucketKey(family, 0)}`,
      prefix,
      family,
      ...ids.slice(i, i + READ_IDS),
    )) as (Buffer | null)[];
    for (const value of read) values.push(value);
  }
  return values;
}
