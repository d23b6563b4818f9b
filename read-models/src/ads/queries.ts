/**
 * The queries of the ads read model: the ads a slot may show, one ad, the stored ads the beacons
 * check, and the back office's list with each ad's counters (from the ad counters read model).
 * Each is a fixed number of Redis calls, however many ads there are.
 */
import type { AdminAd } from '@cinefold/contracts';
import { activeGeneration, readModelKeys, scheduleOn } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { AD_COUNTERS, AD_COUNTERS_NAMES } from '../ad-counters/keys.js';
import { ADS } from './keys.js';
import { decodeAd, type StoredAd } from './stored.js';

/** The order of a slot's ads and of the back office's list. */
export const newestFirst = (a: StoredAd, b: StoredAd) =>
  b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id);

/** The active ads of a slot, each as stored (its JSON) and decoded, in no order. */
export async function readSlot(redis: Redis, position: string): Promise<{ json: string; ad: StoredAd }[]> {
  const generation = await activeGeneration(redis, ADS.projector);
  if (generation === null) return [];
  const slot = await redis.hvals(readModelKeys.key(ADS.projector, generation, ...ADS.slot(position)));
  return slot.map((json) => ({ json, ad: decodeAd(json) }));
}

/** One ad, or null when there is no such ad (or none serves yet). */
export async function readAd(redis: Redis, adId: string): Promise<StoredAd | null> {
  const generation = await activeGeneration(redis, ADS.projector);
  const json =
    generation === null
      ? null
      : await redis.hget(readModelKeys.key(ADS.projector, generation, ADS.all), adId);
  return json === null ? null : decodeAd(json);
}

/**
 * The stored JSON of each ad named (null for one that is not there), for a reader that decodes
 * (`decodeAd`) only what changed since it last looked: the beacons, thousands a second.
 */
export async function readStoredAds(redis: Redis, adIds: readonly string[]): Promise<(string | null)[]> {
  const active = await redis.get(readModelKeys.active(ADS.projector));
  if (active === null) return adIds.map(() => null);
  return redis.hmget(readModelKeys.key(ADS.projector, Number(active), ADS.all), ...adIds);
}

/** Every ad, newest first, with its counters and its schedule on `today`. */
export async function readAdminAds(redis: Redis, today: string): Promise<AdminAd[]> {
  const [ads, counters] = await redis.mget(
    readModelKeys.active(ADS.projector),
    readModelKeys.active(AD_COUNTERS.projector),
  );
  if (ads === null) return [];
  const reads = redis.pipeline().hvals(readModelKeys.key(ADS.projector, Number(ads), ADS.all));
  if (counters !== null)
    reads.hgetall(readModelKeys.key(AD_COUNTERS.projector, Number(counters), AD_COUNTERS.counts));
  const replies = (await reads.exec()) ?? [];
  for (const [error] of replies) if (error) throw error;
  const values = (replies[0]?.[1] ?? []) as string[];
  const countOf = (replies[1]?.[1] ?? {}) as Record<string, string>;
  return values
    .map(decodeAd)
    .sort(newestFirst)
    .map((ad) => {
      const [impressions, viewableImpressions, clicks] = AD_COUNTERS_NAMES.map((counter) =>
        Number(countOf[AD_COUNTERS.countField(ad.id, counter)] ?? 0),
      ) as [number, number, number];
      return { ...ad, schedule: scheduleOn(ad, today), impressions, viewableImpressions, clicks };
    });
}
