import type { Redis } from 'ioredis';
import type { QueryKeys, QueryResult, TitleQuery } from '../title-query.js';

/**
 * Intersections of up to this many ids are kept (as a sorted set of ~100 bytes an id) for
 * INTERSECTION_TTL_MS: a prefix search's pages cost one ZINTERSTORE, then a ZRANGE each.
 */
const CACHED_INTERSECTION_LIMIT = 20_000;
export const INTERSECTION_TTL_MS = 10_000;

/**
 * KEYS: the kept intersection, the order, then the filters. ARGV: 1 for descending, the offset,
 * the limit, the milliseconds to keep it (0: delete it at once). Returns the total and the page.
 */
const INTERSECT = `
local total
if redis.call('EXISTS', KEYS[1]) == 1 then
  total = redis.call('ZCARD', KEYS[1])
else
  local args = {KEYS[1], #KEYS - 1}
  for i = 2, #KEYS do args[#args + 1] = KEYS[i] end
  args[#args + 1] = 'WEIGHTS'
  args[#args + 1] = 1
  for i = 3, #KEYS do args[#args + 1] = 0 end
  total = redis.call('ZINTERSTORE', unpack(args))
  if total > 0 and ARGV[4] ~= '0' then redis.call('PEXPIRE', KEYS[1], ARGV[4]) end
end
local first = tonumber(ARGV[2])
local last = first + tonumber(ARGV[3]) - 1
local page
if ARGV[1] == '1' then
  page = redis.call('ZREVRANGE', KEYS[1], first, last)
else
  page = redis.call('ZRANGE', KEYS[1], first, last)
end
if ARGV[4] == '0' then redis.call('DEL', KEYS[1]) end
return {total, page}`;

/**
 * The name a query's intersection is kept under: everything the answer depends on, the
 * catalogue's checkpoint included, so a kept intersection can never be stale (any change to the
 * catalogue moves the checkpoint, and with it the name). Null when it is not worth keeping.
 */
export function keptIntersectionName(
  query: TitleQuery,
  smallest: number,
  checkpoint: string | null | undefined,
): string | null {
  if (smallest > CACHED_INTERSECTION_LIMIT || checkpoint == null) return null;
  return `${checkpoint}:${query.universe}:${query.sort}:${[...query.sets].sort().join('|')}`;
}

/**
 * Queries this process was asked within the last INTERSECTION_TTL_MS, by the name their kept
 * intersection has (or would have), with when that stops being recent. A query asked again is
 * answered from its kept intersection, built on the second request if need be: a popular search
 * then costs a ZRANGE a page for everybody, while a query nobody repeats is still walked when
 * that is cheaper. Only a hint: the script builds the intersection again if it has expired.
 */
const recentQueries = new Map<string, number>();
const RECENT_QUERIES_KEPT = 10_000;

/** Whether `name` was asked recently; records this request either way. */
export function askedBefore(name: string, now: number): boolean {
  const until = recentQueries.get(name);
  recentQueries.delete(name); // re-inserted last: the map's order is the order of last use
  if (recentQueries.size >= RECENT_QUERIES_KEPT) {
    const oldest = recentQueries.keys().next().value;
    if (oldest !== undefined) recentQueries.delete(oldest);
  }
  recentQueries.set(name, now + INTERSECTION_TTL_MS);
  return until !== undefined && until > now;
}

/**
 * ZINTERSTOREs the order with the filters, then reads the page and the count, in one Lua call.
 * Cost grows with the smallest filter, not the catalogue: the strategy for a rare word, a prefix,
 * a year. Kept under `keptName` for INTERSECTION_TTL_MS, so the next pages and the next visitors
 * read it directly; without a name it is deleted at once.
 */
export async function intersect(
  redis: Redis,
  query: TitleQuery,
  { key, order, filters }: QueryKeys,
  keptName: string | null,
): Promise<QueryResult> {
  const name = keptName ?? `once:${Math.random().toString(36).slice(2)}`;
  const [total, ids] = (await redis.eval(
    INTERSECT,
    filters.length + 2,
    key('intersection', name),
    order,
    ...filters,
    query.descending ? '1' : '0',
    query.offset,
    query.limit,
    keptName !== null ? INTERSECTION_TTL_MS : 0,
  )) as [number, string[]];
  return { ids, total };
}
