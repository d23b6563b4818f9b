import type { Redis } from 'ioredis';
import { orderScript } from '../orders/chunked-order.js';
import { SCORE_OF, scoreIndex } from '../orders/title-orders.js';
import { luaScript } from '../../runtime/script.js';
import type { QueryKeys, QueryResult, TitleQuery } from '../title-query.js';

/**
 * Intersections of up to this many ids are kept (as a sorted set of ~100 bytes an id) for
 * INTERSECTION_TTL_MS: a prefix search's pages cost one ZINTERSTORE, then a ZRANGE each.
 */
const CACHED_INTERSECTION_LIMIT = 20_000;
export const INTERSECTION_TTL_MS = 10_000;

/** Lua's C stack takes about 8,000 values: ids go to ZADD in slices of this many. */
const MEMBERS_PER_CALL = 2_000;

/**
 * KEYS: the kept intersection, the order, then the filters, smallest first. ARGV: 1 for
 * descending, the offset, the limit, the milliseconds to keep it (0: delete it at once), the
 * type's key prefix and the order's index among the stored scores. The smallest filter's ids
 * that are in every other filter go into a sorted set at their scores in the order. Returns the
 * total and the page.
 */
const INTERSECT = luaScript(
  'intersect',
  orderScript(`${SCORE_OF}
local total
if redis.call('EXISTS', KEYS[1]) == 1 then
  total = redis.call('ZCARD', KEYS[1])
else
  local passing = in_every(redis.call('SMEMBERS', KEYS[3]), 4)
  local index = tonumber(ARGV[6])
  local scored = {}
  total = 0
  for i = 1, #passing do
    local score = score_of(ARGV[5], index, passing[i])
    if score then
      scored[#scored + 1] = score_text(score)
      scored[#scored + 1] = passing[i]
      total = total + 1
    end
    if #scored >= ${MEMBERS_PER_CALL * 2} or (i == #passing and #scored > 0) then
      redis.call('ZADD', KEYS[1], unpack(scored))
      scored = {}
    end
  end
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
return {total, page}`),
);

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
 * Ranks the titles in every filter by their scores in the order, then reads the page and the
 * count, in one Lua call. Cost grows with the smallest filter, not the catalogue: the strategy
 * for a rare word, a prefix, a year. Kept under `keptName` for INTERSECTION_TTL_MS, so the next
 * pages and the next visitors read it directly; without a name it is deleted at once. `sizes`
 * are the filters' sizes.
 */
export async function intersect(
  redis: Redis,
  query: TitleQuery,
  { key, order, filters }: QueryKeys,
  sizes: readonly number[],
  keptName: string | null,
): Promise<QueryResult> {
  const name = keptName ?? `once:${Math.random().toString(36).slice(2)}`;
  const bySize = filters.map((filter, i) => [filter, sizes[i]!] as const).sort((a, b) => a[1] - b[1]);
  const [total, ids] = (await INTERSECT(
    redis,
    filters.length + 2,
    key('intersection', name),
    order,
    ...bySize.map(([filter]) => filter),
    query.descending ? '1' : '0',
    query.offset,
    query.limit,
    keptName !== null ? INTERSECTION_TTL_MS : 0,
    key(''),
    scoreIndex(query.sort),
  )) as [number, string[]];
  return { ids, total };
}
