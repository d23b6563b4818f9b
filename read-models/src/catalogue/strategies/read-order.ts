import type { Redis } from 'ioredis';
import { orderCount, orderRange } from '../orders/chunked-order.js';
import type { QueryKeys, QueryResult, TitleQuery } from '../title-query.js';

/** No filter at all: the page is a range of the order, the total its size. */
export async function readOrder(redis: Redis, query: TitleQuery, { order }: QueryKeys): Promise<QueryResult> {
  const { offset, limit } = query;
  const [total, ids] = await Promise.all([
    orderCount(redis, order),
    orderRange(redis, order, offset, offset + limit - 1, { descending: query.descending }),
  ]);
  return { ids, total };
}
