import type { Redis } from 'ioredis';
import type { QueryKeys, QueryResult, TitleQuery } from '../title-query.js';

type Pair = [id: string, score: number];

/** The order Redis itself uses: by score, ties by member as text, both reversed when descending. */
export function compareResults(descending: boolean) {
  return (a: Pair, b: Pair) => {
    const byScore = a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
    return descending ? -byScore : byScore;
  };
}

/**
 * For date ranges, which no set expresses: fetch every candidate, keep those in the range, look
 * up their scores in the order and sort them here. Only the admin content list asks this, for a
 * few thousand titles at most once a search narrows it.
 */
export async function fetchAndSort(redis: Redis, query: TitleQuery, keys: QueryKeys): Promise<QueryResult> {
  const { filters, order } = keys;
  const dateKey = keys.key('sort', 'date');
  const range = query.dateRange;
  let ids: string[];
  if (filters.length === 0) {
    ids = range ? await redis.zrangebyscore(dateKey, range.min, range.max) : [];
  } else {
    ids = filters.length === 1 ? await redis.smembers(filters[0]!) : await redis.sinter(...filters);
  }
  if (range && filters.length > 0 && ids.length > 0) {
    const dates = await redis.zmscore(dateKey, ...ids);
    ids = ids.filter((_, i) => {
      const d = dates[i];
      return d != null && Number(d) >= range.min && Number(d) <= range.max;
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
  return {
    ids: pairs.slice(query.offset, query.offset + query.limit).map(([id]) => id),
    total: pairs.length,
  };
}
