import { readModelKeys } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { EVENT_COUNTS } from './keys.js';

/** How many events of each type generation `generation` of the read model has counted. */
export async function readEventCounts(redis: Redis, generation: number): Promise<Record<string, number>> {
  const raw = await redis.hgetall(readModelKeys.key(EVENT_COUNTS.projector, generation, EVENT_COUNTS.byType));
  return Object.fromEntries(Object.entries(raw).map(([type, n]) => [type, Number(n)]));
}
