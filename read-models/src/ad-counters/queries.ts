import type { AdStats } from '@cinefold/contracts';
import { activeGeneration, readModelKeys } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { AD_COUNTERS, type AdCounter } from './keys.js';

/** The dashboard's `adStats`: impressions and clicks of the ads there are. */
export async function readAdStats(redis: Redis): Promise<AdStats> {
  const counters = await activeGeneration(redis, AD_COUNTERS.projector);
  if (counters === null) return { totalImpressions: 0, totalClicks: 0 };
  const [impressions, clicks] = await redis.hmget(
    readModelKeys.key(AD_COUNTERS.projector, counters, AD_COUNTERS.totals),
    'impressions' satisfies AdCounter,
    'clicks' satisfies AdCounter,
  );
  return { totalImpressions: Number(impressions ?? 0), totalClicks: Number(clicks ?? 0) };
}
