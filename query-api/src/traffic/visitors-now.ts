import { VISITORS_NOW_MINUTES } from '@cinefold/contracts';
import { activeGeneration, readModelKeys, recentMinutes, TRAFFIC } from '@cinefold/platform';
import type { Redis } from 'ioredis';

/**
 * Distinct visitors over the last VISITORS_NOW_MINUTES minutes: one PFCOUNT over the minutes'
 * sketches (Redis merges them), so two calls whatever the traffic.
 */
export async function readVisitorsNow(redis: Redis, now = Date.now()): Promise<number> {
  const generation = await activeGeneration(redis, TRAFFIC.projector);
  if (generation === null) return 0;
  const keys = recentMinutes(now, VISITORS_NOW_MINUTES).map((minute) =>
    readModelKeys.key(TRAFFIC.projector, generation, ...TRAFFIC.minuteVisitors(minute)),
  );
  return redis.pfcount(...keys);
}
