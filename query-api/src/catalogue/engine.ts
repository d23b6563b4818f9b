/**
 * Answers catalogue queries (filters, a sort order, a page) from the catalogue read model with
 * exact totals, at a million titles.
 *
 * Filters are sets of ids (visibility, genre, year, search terms); orders are sorted sets over
 * every title. Two strategies, chosen by their estimated cost:
 * - small (a rare word, a year): fetch the ids that pass every filter, look up their scores in
 *   the order, sort them here. Cost grows with the matches, not the catalogue.
 * - large (a genre, "visible"): count exactly with SINTERCARD, then walk the order from the top in
 *   growing chunks, keeping ids that are members of every filter, until the page is full. Cost
 *   grows with how deep the page is divided by how common the filter is.
 */
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
const FIRST_CHUNK = 256;
const MAX_CHUNK = 16_384;

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
 * holds nearly every title: intersecting with it walks the whole of the next smallest set (66,000
 * ids for "love" at a million titles). Visible and hidden split the catalogue in two and hidden is
 * small (adult titles, a few admin choices), so the count is taken the other way round: matches
 * of the other filters, less those that are hidden.
 */
async function exactCount(
  redis: Redis,
  filters: readonly string[],
  sizes: readonly number[],
  hidden: string | null,
): Promise<number> {
  if (filters.length === 1) return sizes[0]!;
  if (hidden === null) return redis.sintercard(filters.length, ...filters);
  const others = filters.slice(0, -1);
  const counts = redis.pipeline();
  if (others.length > 1) counts.sintercard(others.length, ...others);
  counts.sintercard(others.length + 1, ...others, hidden);
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
  strategy: 'auto' | 'fetch' | 'walk' = 'auto',
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
  // Walking the order checks about (offset + limit) / density ids against each filter; fetching
  // handles every candidate a few times over (intersect, score, sort).
  const walkCost = ((offset + limit) * everything * Math.max(1, filters.length)) / Math.max(1, smallest);
  const fetchCost = smallest * 4;

  const fetch =
    query.dateRange !== undefined ||
    strategy === 'fetch' ||
    (strategy === 'auto' && smallest <= MATERIALIZE_LIMIT && fetchCost <= walkCost);

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

  const total = await exactCount(redis, filters, sizes, query.universe === 'visible' ? key('hidden') : null);
  const wanted = Math.min(offset + limit, total);
  const matches: string[] = [];
  let start = 0;
  let chunk = FIRST_CHUNK;
  while (matches.length < wanted) {
    const ids = query.descending
      ? await redis.zrevrange(order, start, start + chunk - 1)
      : await redis.zrange(order, start, start + chunk - 1);
    if (ids.length === 0) break;
    const check = redis.pipeline();
    for (const filter of filters) check.smismember(filter, ...ids);
    const results = ((await check.exec()) ?? []).map(([, flags]) => flags as number[]);
    ids.forEach((id, i) => {
      if (results.every((flags) => flags[i] === 1)) matches.push(id);
    });
    start += ids.length;
    chunk = Math.min(chunk * 4, MAX_CHUNK);
  }
  return { ids: matches.slice(offset, offset + limit), total };
}
