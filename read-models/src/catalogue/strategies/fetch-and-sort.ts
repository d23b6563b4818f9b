import type { Redis } from 'ioredis';
import { orderBetween } from '../orders/chunked-order.js';
import { orderKey, readScores } from '../orders/title-orders.js';
import type { QueryKeys, QueryResult, TitleQuery } from '../title-query.js';

type Pair = [id: string, score: number];

/** The orders' own order: by score, ties by member as text, both reversed when descending. */
export function compareResults(descending: boolean) {
  return (a: Pair, b: Pair) => {
    const byScore = a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
    return descending ? -byScore : byScore;
  };
}

/**
 * For date ranges, which no set expresses: fetch every candidate, keep those in the range, look
 * up their scores in the order (`orders/title-orders.ts`) and sort them here. Only the admin
 * content list asks this, for a few thousand titles at most once a search narrows it.
 */
export async function fetchAndSort(redis: Redis, query: TitleQuery, keys: QueryKeys): Promise<QueryResult> {
  const { filters, key } = keys;
  const range = query.dateRange;
  let ids: string[];
  if (filters.length === 0) {
    ids = range ? await orderBetween(redis, key(orderKey('date')), range.min, range.max) : [];
  } else {
    ids = filters.length === 1 ? await redis.smembers(filters[0]!) : await redis.sinter(...filters);
  }
  if (range && filters.length > 0 && ids.length > 0) {
    const dates = await readScores(redis, key, ids, 'date');
    ids = ids.filter((_, i) => {
      const d = dates[i];
      return d != null && d >= range.min && d <= range.max;
    });
  }
  if (ids.length === 0) return { ids: [], total: 0 };
  const scores = await readScores(redis, key, ids, query.sort);
  const pairs: Pair[] = [];
  ids.forEach((id, i) => {
    const score = scores[i];
    if (score != null) pairs.push([id, score]);
  });
  pairs.sort(compareResults(query.descending));
  return {
    ids: pairs.slice(query.offset, query.offset + query.limit).map(([id]) => id),
    total: pairs.length,
  };
}
