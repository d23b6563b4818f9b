import type { Redis } from 'ioredis';
import type { QueryKeys, QueryResult, TitleQuery } from '../title-query.js';

/** No filter at all: the page is a range of the order, the total its size. */
export async function readOrder(redis: Redis, query: TitleQuery, { order }: QueryKeys): Promise<QueryResult> {
  const { offset, limit } = query;
  const [total, ids] = await Promise.all([
    redis.zcard(order),
    query.descending
      ? redis.zrevrange(order, offset, offset + limit - 1)
      : redis.zrange(order, offset, offset + limit - 1),
  ]);
  return { ids, total };
}
