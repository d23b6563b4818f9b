/**
 * Where the catalogue keeps its titles' documents (`stored.ts` says how each is encoded): in
 * hashes of 64 consecutive ids, `docs:{floor(id / 64)}`, id → document (`buckets.ts`).
 *
 * A key of its own per title cost a million keys at a million titles: each a table entry, its
 * long name (`{catalogue}:g1:movie:e0:doc:123456`) and an object header. In a hash, a title
 * costs its field (the id) and a table entry: at 1M movies and 150k shows, Redis's memory went
 * from 1.02 to 0.96 GB (`npm run bench -- catalogue … --memory`; the keyspace's own tables from
 * 67 to 10 MB). The documents are longer than Redis keeps in a listpack, so each hash is a
 * table, and a read or a write of one title stays O(1).
 */
import type { Redis } from 'ioredis';
import { bucketKey, readBuckets } from './buckets.js';

/** The relative name of the hash holding a title's document. */
export const documentsKey = (id: number | string): string => bucketKey('docs', id);

/** The stored documents of `ids`, in the same order (null: the catalogue does not hold it), under `prefix`. */
export const readDocuments = (
  redis: Redis,
  prefix: string,
  ids: readonly (number | string)[],
): Promise<(Buffer | null)[]> => readBuckets(redis, prefix, 'docs', ids);

/** Whether the catalogue holds a title (shown or hidden). */
export async function hasDocument(redis: Redis, prefix: string, id: number | string): Promise<boolean> {
  return (await redis.hexists(`${prefix}${documentsKey(id)}`, String(id))) === 1;
}
