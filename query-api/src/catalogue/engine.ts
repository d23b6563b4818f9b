/**
 * Answers catalogue queries (filters, a sort order, a page) from the catalogue read model with
 * exact totals, at a million titles.
 *
 * Filters are sets of ids (visibility, genre, year, search terms); orders are sorted sets over
 * every title. Three strategies, chosen by their estimated cost:
 * - walk (a genre, a common word): walk the order from the top inside Redis (one Lua call),
 *   keeping ids that are members of every filter, until the page is full. Cost grows with how
 *   deep the page is divided by how common the filter is; the total is counted apart.
 * - intersect (a rare word, a prefix, a year): ZINTERSTORE the order with the filters into a key
 *   named after the query and the catalogue's checkpoint, read the page and the count, in one Lua
 *   call. Cost grows with the smallest filter, not the catalogue; the key is kept for a few
 *   seconds so the next pages and the next visitors read it directly. It can never be stale: any
 *   change to the catalogue moves the checkpoint, and with it the name.
 * - fetch (date ranges, which no set expresses): fetch the candidates, look up their scores,
 *   sort here.
 * Both of the first two leave the ids in Redis: only the page's ids cross to Node, whose CPU is
 * what a busy query service runs out of first.
 */
import type { CatalogueSortKey, CatalogueLocation } from '@cinefold/platform';
import { CATALOGUE, catalogueKey, readModelKeys } from '@cinefold/platform';
import type { Redis } from 'ioredis';

export interface TitleQuery {
  readonly type: 'movie' | 'tv';
  readonly universe: 'visible' | 'hidden' | 'all';
  /** Relative set names that every result must belong to: 'genre:action', 'term:love', 'year:2010'. */
  readonly sets: readonly string[];
  readonly sort: CatalogueSortKey;
  readonly descending: boolean;
  /** Inclusive range of the 'date' score (days since 1970). */
  readonly dateRange?: { readonly min: number; readonly max: number };
  readonly offset: number;
  readonly limit: number;
}

export interface QueryResult {
  readonly ids: string[];
  readonly total: number;
}

/** Never fetch-and-sort more candidates than this, whatever the estimate says. */
export const MATERIALIZE_LIMIT = 20_000;
const FIRST_CHUNK = 64;
const MAX_CHUNK = 16_384;
/** Lua's C stack takes about 8,000 values: members go to SMISMEMBER in slices of this many. */
const MEMBERS_PER_CALL = 4_000;

export type Strategy = 'auto' | 'fetch' | 'walk' | 'intersect';

/**
 * KEYS: the order, then every filter, most selective first. ARGV: 1 to walk from the highest
 * score, the offset, the limit, and the expected share of ids that pass (the smallest filter's
 * size over the order's). Returns the page's ids. Each chunk is sized to what the share says is
 * still needed, then by the share seen so far: a fixed growth overshot by thousands of ids.
 */
const WALK = `
local descending = ARGV[1] == '1'
local offset = tonumber(ARGV[2])
local wanted = offset + tonumber(ARGV[3])
local share = tonumber(ARGV[4])
local page = {}
local found = 0
local start = 0
while found < wanted do
  if start > 0 then share = math.max(found, 1) / start end
  local chunk = math.ceil((wanted - found) / share * 1.2) + 32
  chunk = math.max(${FIRST_CHUNK}, math.min(chunk, ${MAX_CHUNK}))
  local ids
  if descending then
    ids = redis.call('ZREVRANGE', KEYS[1], start, start + chunk - 1)
  else
    ids = redis.call('ZRANGE', KEYS[1], start, start + chunk - 1)
  end
  if #ids == 0 then break end
  -- Filter the chunk one set at a time, a few thousand ids per SMISMEMBER: one call per id was
  -- most of a walk's cost.
  local passing = ids
  for f = 2, #KEYS do
    local kept = {}
    for first = 1, #passing, ${MEMBERS_PER_CALL} do
      local last = math.min(first + ${MEMBERS_PER_CALL} - 1, #passing)
      local flags = redis.call('SMISMEMBER', KEYS[f], unpack(passing, first, last))
      for i = 1, #flags do
        if flags[i] == 1 then kept[#kept + 1] = passing[first + i - 1] end
      end
    end
    passing = kept
    if #passing == 0 then break end
  end
  for i = 1, #passing do
    found = found + 1
    if found > offset then page[#page + 1] = passing[i] end
    if found >= wanted then break end
  end
  start = start + #ids
end
return page`;

/**
 * Intersections of up to this many ids are kept (as a sorted set of ~100 bytes an id) for
 * INTERSECTION_TTL_MS: a prefix search's pages cost one ZINTERSTORE, then a ZRANGE each.
 */
export const CACHED_INTERSECTION_LIMIT = 20_000;
export const INTERSECTION_TTL_MS = 10_000;

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
function askedBefore(name: string, now: number): boolean {
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

type Pair = [id: string, score: number];

/** The order Redis itself uses: by score, ties by member as text, both reversed when descending. */
export function compareResults(descending: boolean) {
  return (a: Pair, b: Pair) => {
    const byScore = a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
    return descending ? -byScore : byScore;
  };
}

/**
 * How many ids belong to every filter. A public query's last filter is the visible set, which
 * holds nearly every title: intersecting with it walks the whole of the next smallest set (65,000
 * ids for "love" at a million titles). Visible and hidden split the catalogue in two, so the count
 * is taken the other way round: matches of the other filters, less those that are hidden. For one
 * search word that is two lookups, the set's size and its count of hidden titles, which the
 * projector keeps (`hidden-terms`).
 */
async function exactCount(
  redis: Redis,
  query: TitleQuery,
  filters: readonly string[],
  sizes: readonly number[],
  key: (...parts: string[]) => string,
): Promise<number> {
  if (filters.length === 1) return sizes[0]!;
  if (query.universe !== 'visible') return redis.sintercard(filters.length, ...filters);
  const others = filters.slice(0, -1);
  if (others.length === 1 && query.sets[0]?.startsWith('term:')) {
    const hidden = await redis.hget(key('hidden-terms'), query.sets[0]);
    return sizes[0]! - Number(hidden ?? 0);
  }
  const counts = redis.pipeline();
  if (others.length > 1) counts.sintercard(others.length, ...others);
  counts.sintercard(others.length + 1, ...others, key('hidden'));
  const [all, hiddenToo] = ((await counts.exec()) ?? []).map(([error, n]) => {
    if (error) throw error;
    return Number(n);
  });
  return others.length > 1 ? all! - hiddenToo! : sizes[0]! - all!;
}

export async function runQuery(
  redis: Redis,
  location: CatalogueLocation,
  query: TitleQuery,
  /** 'auto' picks by estimated cost; tests force each one. */
  strategy: Strategy = 'auto',
): Promise<QueryResult> {
  const key = (...parts: string[]) => catalogueKey(location, query.type, ...parts);
  const order = key('sort', query.sort);
  const dateKey = key('sort', 'date');
  const filters = query.sets.map((s) => key(s));
  if (query.universe !== 'all') filters.push(key(query.universe));
  const { offset, limit } = query;

  if (filters.length === 0 && !query.dateRange) {
    const [total, ids] = await Promise.all([
      redis.zcard(order),
      query.descending
        ? redis.zrevrange(order, offset, offset + limit - 1)
        : redis.zrange(order, offset, offset + limit - 1),
    ]);
    return { ids, total };
  }

  const sizing = redis.pipeline();
  for (const filter of filters) sizing.scard(filter);
  sizing.zcard(order);
  sizing.get(readModelKeys.checkpoint(CATALOGUE.projector, location.generation));
  const replies = (await sizing.exec()) ?? [];
  const checkpoint = replies.pop()?.[1] as string | null | undefined;
  const counts = replies.map(([, n]) => Number(n));
  const everything = counts.pop() ?? 0;
  const sizes = counts;
  if (sizes.some((size) => size === 0)) return { ids: [], total: 0 };
  const smallest = sizes.length > 0 ? Math.min(...sizes) : Number.POSITIVE_INFINITY;
  // In units of one walked id (reading it from the order and checking it against the most
  // selective filter: about 0.8 µs at a million titles). The walk reads about (offset + limit) /
  // density ids; ZINTERSTORE costs about 3 µs per id of the smallest filter, measured there.
  const walkCost = ((offset + limit) * everything) / Math.max(1, smallest);
  // A kept intersection serves every page of the query for a while: count it as a tenth, and
  // as nothing for a query asked again (it is there already, or worth building now).
  const kept = smallest <= CACHED_INTERSECTION_LIMIT && checkpoint != null;
  const keptName = kept
    ? `${checkpoint}:${query.universe}:${query.sort}:${[...query.sets].sort().join('|')}`
    : null;
  const repeated = keptName !== null && !query.dateRange && askedBefore(keptName, Date.now());
  const intersectCost = repeated ? 0 : smallest * (kept ? 0.4 : 4);

  const chosen: Exclude<Strategy, 'auto'> =
    query.dateRange !== undefined
      ? 'fetch'
      : strategy !== 'auto'
        ? strategy
        : intersectCost < walkCost
          ? 'intersect'
          : 'walk';
  const fetch = chosen === 'fetch';

  if (chosen === 'intersect') {
    // Named after everything the answer depends on; a query nobody repeats gets a name of its own.
    const name = keptName ?? `once:${Math.random().toString(36).slice(2)}`;
    const result = key('intersection', name);
    const [total, ids] = (await redis.eval(
      INTERSECT,
      filters.length + 2,
      result,
      order,
      ...filters,
      query.descending ? '1' : '0',
      offset,
      limit,
      kept ? INTERSECTION_TTL_MS : 0,
    )) as [number, string[]];
    return { ids, total };
  }

  if (fetch) {
    let ids: string[];
    if (filters.length === 0) {
      ids = await redis.zrangebyscore(dateKey, query.dateRange!.min, query.dateRange!.max);
    } else {
      ids = filters.length === 1 ? await redis.smembers(filters[0]!) : await redis.sinter(...filters);
    }
    if (query.dateRange && filters.length > 0 && ids.length > 0) {
      const dates = await redis.zmscore(dateKey, ...ids);
      ids = ids.filter((_, i) => {
        const d = dates[i];
        return d != null && Number(d) >= query.dateRange!.min && Number(d) <= query.dateRange!.max;
      });
    }
    if (ids.length === 0) return { ids: [], total: 0 };
    const scores = await redis.zmscore(order, ...ids);
    const pairs: Pair[] = [];
    ids.forEach((id, i) => {
      const score = scores[i];
      if (score != null) pairs.push([id, Number(score)]);
    });
    pairs.sort(compareResults(query.descending));
    return { ids: pairs.slice(offset, offset + limit).map(([id]) => id), total: pairs.length };
  }

  const total = await exactCount(redis, query, filters, sizes, key);
  if (offset >= total) return { ids: [], total };
  // Most selective filter first: most ids fail its check and never reach the others.
  const bySize = filters.map((filter, i) => [filter, sizes[i]!] as const).sort((a, b) => a[1] - b[1]);
  const ids = (await redis.eval(
    WALK,
    filters.length + 1,
    order,
    ...bySize.map(([filter]) => filter),
    query.descending ? '1' : '0',
    offset,
    limit,
    String(Math.max(total, 1) / Math.max(everything, 1)),
  )) as string[];
  return { ids, total };
}
