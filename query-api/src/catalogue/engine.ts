/**
 * Answers catalogue queries (filters, a sort order, a page) from the catalogue read model with
 * exact totals, at a million titles.
 *
 * Filters are sets of ids (visibility, genre, year, search terms); orders are sorted sets over
 * every title. Three strategies, chosen by their estimated cost:
 * - walk (a genre, a common word): walk the order from the top inside Redis (one Lua call),
 *   keeping ids that are members of every filter, until the page is full. Cost grows with how
 *   deep the page is divided by how common the filter is; the total is counted apart.
 * - intersect (a rare word, a prefix, a year): ZINTERSTORE the order with the filters into a
 *   scratch key, read the page and the count, delete it, in one MULTI. Cost grows with the
 *   smallest filter, not the catalogue.
 * - fetch (date ranges, which no set expresses): fetch the candidates, look up their scores,
 *   sort here.
 * Both of the first two leave the ids in Redis: only the page's ids cross to Node, whose CPU is
 * what a busy query service runs out of first.
 */
import { randomUUID } from 'node:crypto';
import type { CatalogueSortKey, CatalogueLocation } from '@cinefold/platform';
import { catalogueKey } from '@cinefold/platform';
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
  for i = 1, #ids do
    local id = ids[i]
    local member = true
    for f = 2, #KEYS do
      if redis.call('SISMEMBER', KEYS[f], id) == 0 then
        member = false
        break
      end
    end
    if member then
      found = found + 1
      if found > offset then page[#page + 1] = id end
      if found >= wanted then break end
    end
  end
  start = start + #ids
end
return page`;

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
  const counts = ((await sizing.exec()) ?? []).map(([, n]) => Number(n));
  const everything = counts.pop() ?? 0;
  const sizes = counts;
  if (sizes.some((size) => size === 0)) return { ids: [], total: 0 };
  const smallest = sizes.length > 0 ? Math.min(...sizes) : Number.POSITIVE_INFINITY;
  // In units of one walked id (reading it from the order and checking it against the most
  // selective filter: about 0.8 µs at a million titles). The walk reads about (offset + limit) /
  // density ids; ZINTERSTORE costs about 3 µs per id of the smallest filter, measured there.
  const walkCost = ((offset + limit) * everything) / Math.max(1, smallest);
  const intersectCost = smallest * 4;

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
    // A scratch key of this call alone, created and deleted inside one transaction.
    const scratch = `${order}:scratch:${randomUUID()}`;
    const end = offset + limit - 1;
    const replies = await redis
      .multi()
      .zinterstore(scratch, filters.length + 1, order, ...filters, 'WEIGHTS', 1, ...filters.map(() => 0))
      .call(query.descending ? 'ZREVRANGE' : 'ZRANGE', scratch, offset, end)
      .del(scratch)
      .exec();
    if (!replies) throw new Error('the catalogue intersection was aborted');
    for (const [error] of replies) if (error) throw error;
    return { ids: replies[1]![1] as string[], total: Number(replies[0]![1]) };
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
