import type { ActivityEntry, HistoryEntry } from '@cinefold/contracts';
import { ACTIVITY, activeGeneration, LIBRARIES, readModelKeys } from '@cinefold/platform';
import type { Redis } from 'ioredis';

const generation = (redis: Redis, projector: string = LIBRARIES.projector) =>
  activeGeneration(redis, projector);

/** A member's watch history, newest first. */
export async function readHistory(redis: Redis, userId: string): Promise<HistoryEntry[]> {
  const g = await generation(redis);
  if (g === null) return [];
  const entries = await redis.lrange(
    readModelKeys.key(LIBRARIES.projector, g, ...LIBRARIES.history(userId)),
    0,
    -1,
  );
  return entries.map((json) => JSON.parse(json) as HistoryEntry);
}

/** One page of a member's list changes, newest first. */
export async function readActivity(
  redis: Redis,
  userId: string,
  { page, limit }: { readonly page: number; readonly limit: number },
): Promise<ActivityEntry[]> {
  const g = await generation(redis, ACTIVITY.projector);
  if (g === null) return [];
  const start = (page - 1) * limit;
  const entries = await redis.lrange(
    readModelKeys.key(ACTIVITY.projector, g, ...ACTIVITY.entries(userId)),
    start,
    start + limit - 1,
  );
  return entries.map((json) => JSON.parse(json) as ActivityEntry);
}
