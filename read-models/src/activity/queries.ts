import { activeGeneration, readModelKeys } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { ACTIVITY } from './keys.js';
import { decodeActivityEntry, type StoredActivityEntry } from './stored.js';

/** One page of a member's list changes, newest first. */
export async function readActivity(
  redis: Redis,
  userId: string,
  { page, limit }: { readonly page: number; readonly limit: number },
): Promise<StoredActivityEntry[]> {
  const g = await activeGeneration(redis, ACTIVITY.projector);
  if (g === null) return [];
  const start = (page - 1) * limit;
  const entries = await redis.lrange(
    readModelKeys.key(ACTIVITY.projector, g, ...ACTIVITY.entries(userId)),
    start,
    start + limit - 1,
  );
  return entries.map(decodeActivityEntry);
}
