/**
 * Where the catalogue keeps its titles' documents (`stored.ts` says how each is encoded): in
 * hashes of 64 consecutive ids, `docs:{floor(id / 64)}`, id → document.
 *
 * A key of its own per title cost a million keys at a million titles: each a table entry, its
 * long name (`{catalogue}:g1:movie:e0:doc:123456`) and an object header, about 70 bytes. In a
 * hash, a title costs its field (the id) and a table entry: 33 MB less at a million titles
 * (`npm run bench -- catalogue … --memory`). The documents are longer than Redis keeps in a
 * listpack, so each hash is a table, and a read or a write of one title stays O(1).
 */
import type { Redis } from 'ioredis';

/** Titles of this many consecutive ids share a hash. */
export const DOCUMENTS_BUCKET = 64;

/** The relative name of the hash holding a title's document. */
export const documentsKey = (id: number | string): string =>
  `docs:${Math.floor(Number(id) / DOCUMENTS_BUCKET)}`;

/** Whether a title's id can have a document: a whole number. */
const isId = (id: number | string): boolean => /^\d+$/.test(String(id));

/**
 * The stored documents of `ids`, in the same order (null: the catalogue does not hold it). `key`
 * makes a key of the type's catalogue from a relative name. One HMGET per hash, in one round.
 */
export async function readDocuments(
  redis: Redis,
  key: (name: string) => string,
  ids: readonly (number | string)[],
): Promise<(Buffer | null)[]> {
  const found: (Buffer | null)[] = ids.map(() => null);
  const byHash = new Map<string, number[]>();
  ids.forEach((id, i) => {
    if (!isId(id)) return;
    const hash = key(documentsKey(id));
    const at = byHash.get(hash);
    if (at) at.push(i);
    else byHash.set(hash, [i]);
  });
  if (byHash.size === 0) return found;
  const pipeline = redis.pipeline();
  for (const [hash, at] of byHash) pipeline.hmgetBuffer(hash, ...at.map((i) => String(ids[i])));
  const replies = (await pipeline.exec()) ?? [];
  [...byHash.values()].forEach((at, h) => {
    const [error, values] = replies[h]!;
    if (error) throw error;
    at.forEach((i, j) => (found[i] = (values as (Buffer | null)[])[j] ?? null));
  });
  return found;
}

/** Whether the catalogue holds a title (shown or hidden). */
export async function hasDocument(
  redis: Redis,
  key: (name: string) => string,
  id: number | string,
): Promise<boolean> {
  return isId(id) && (await redis.hexists(key(documentsKey(id)), String(id))) === 1;
}
