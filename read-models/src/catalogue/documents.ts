/**
 * Where the catalogue keeps its titles' documents (`stored.ts` says how each is encoded): in
 * hashes of 64 consecutive ids, `docs:{floor(id / 64)}`, id → document.
 *
 * A key of its own per title cost a million keys at a million titles: each a table entry, its
 * long name (`{catalogue}:g1:movie:e0:doc:123456`) and an object header. In a hash, a title
 * costs its field (the id) and a table entry: at 1M movies and 150k shows, Redis's memory went
 * from 1.02 to 0.96 GB (`npm run bench -- catalogue … --memory`; the keyspace's own tables from
 * 67 to 10 MB). The documents are longer than Redis keeps in a listpack, so each hash is a
 * table, and a read or a write of one title stays O(1).
 */
import type { Redis } from 'ioredis';
import { luaScript } from '../runtime/script.js';

/** Titles of this many consecutive ids share a hash. */
export const DOCUMENTS_BUCKET = 64;

/** The relative name of the hash holding a title's document. */
export const documentsKey = (id: number | string): string =>
  `docs:${Math.floor(Number(id) / DOCUMENTS_BUCKET)}`;

/** Whether a title's id can have a document: a whole number. */
const isId = (id: number | string): boolean => /^\d+$/.test(String(id));

/**
 * KEYS[1]: a key of the type's catalogue (its slot). ARGV[1]: the type's key prefix, then ids:
 * each one's document, or nil. The hash is found as `documentsKey` finds it.
 */
const READ = luaScript(
  'read_documents',
  `local out = {}
for i = 2, #ARGV do
  local id = tonumber(ARGV[i])
  out[i - 1] = id and redis.call('HGET', ARGV[1] .. 'docs:' .. math.floor(id / ${DOCUMENTS_BUCKET}), ARGV[i]) or false
end
return out`,
  'buffers',
);

/**
 * The stored documents of `ids`, in the same order (null: the catalogue does not hold it).
 * `prefix` is the type's key prefix (its keys' names before the relative ones), ending in ':'.
 * One command, however many hashes the ids fall in (a page's twenty titles are in twenty).
 */
export async function readDocuments(
  redis: Redis,
  prefix: string,
  ids: readonly (number | string)[],
): Promise<(Buffer | null)[]> {
  const wanted = ids.map(String).filter((id) => isId(id));
  if (wanted.length === 0) return ids.map(() => null);
  const found = (await READ(
    redis,
    1,
    `${prefix}${documentsKey(wanted[0]!)}`,
    prefix,
    ...wanted,
  )) as (Buffer | null)[];
  if (wanted.length === ids.length) return found;
  let at = 0;
  return ids.map((id) => (isId(id) ? found[at++]! : null));
}

/** Whether the catalogue holds a title (shown or hidden). */
export async function hasDocument(redis: Redis, prefix: string, id: number | string): Promise<boolean> {
  return isId(id) && (await redis.hexists(`${prefix}${documentsKey(id)}`, String(id))) === 1;
}
