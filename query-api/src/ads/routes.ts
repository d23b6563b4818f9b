/**
 * The ads a slot shows (`GET /ads?position=`, see `AdSlotAnswers`) and the back office's list
 * with its counters (`GET /admin/ads`). Each is a fixed number of Redis calls, however many ads
 * there are: a slot's ads are one hash, every ad another, every counter a third.
 */
import { type AdminAd, type AdStats, adsQuery, type PublicAd } from '@cinefold/contracts';
import {
  AD_COUNTERS,
  AD_COUNTERS_NAMES,
  ADS,
  type AdDisplayIds,
  bytes,
  type Endpoint,
  endpoint,
  ok,
  type ProjectionWatcher,
  readModelKeys,
  scheduleOn,
  siteDay,
} from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { adFrameEndpoint } from './frame.js';
import { AdSlotAnswers, newestFirst } from './slot-answers.js';

export interface AdReadsDependencies {
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
  readonly siteTimeZone: string;
  /** Issues the display ids of a slot's answer. */
  readonly displayIds: AdDisplayIds;
  /** How long a slot's ads are kept in memory (`QUERY_CACHE_MS`). */
  readonly cacheMs?: number;
  /** The slots' answers, shared with the gateway's fast lane; made here when not given. */
  readonly slotAnswers?: AdSlotAnswers;
}

const slotSchemas = { query: adsQuery };

async function generations(redis: Redis): Promise<{ ads: number | null; counters: number | null }> {
  const [ads, counters] = await redis.mget(
    readModelKeys.active(ADS.projector),
    readModelKeys.active(AD_COUNTERS.projector),
  );
  return { ads: ads === null ? null : Number(ads), counters: counters === null ? null : Number(counters) };
}

/** The dashboard's `adStats`: impressions and clicks of the ads there are. */
export async function readAdStats(redis: Redis): Promise<AdStats> {
  const { counters } = await generations(redis);
  if (counters === null) return { totalImpressions: 0, totalClicks: 0 };
  const [impressions, clicks] = await redis.hmget(
    readModelKeys.key(AD_COUNTERS.projector, counters, AD_COUNTERS.totals),
    'impressions',
    'clicks',
  );
  return { totalImpressions: Number(impressions ?? 0), totalClicks: Number(clicks ?? 0) };
}

/**
 * A slot's ads (hot: the fast lane sends an address asked before from the kept ads, with new
 * display ids), a network ad's frame, and the back office's list with its counters.
 */
export function adReadEndpoints(deps: AdReadsDependencies): Endpoint[] {
  const { redis, watcher } = deps;
  const slots = deps.slotAnswers ?? new AdSlotAnswers({ ...deps, cacheMs: deps.cacheMs ?? 0 });
  return [
    adFrameEndpoint({ redis }),
    endpoint({
      method: 'GET',
      path: '/api/ads',
      schemas: slotSchemas,
      access: 'anyone',
      hot: true,
      kept: (url) => slots.keptAnswer(url),
      handle: async ({ query, url }) => bytes(await slots.answer(query.position, url)),
    }),
    endpoint({
      method: 'GET',
      path: '/api/admin/ads',
      schemas: {},
      access: 'admin',
      readsAfter: { watcher, projectors: [ADS.projector, AD_COUNTERS.projector] },
      handle: async () => ok(await adminAds(redis, siteDay(deps.siteTimeZone))),
    }),
  ];
}

/** Every ad, newest first, with its counters. */
async function adminAds(redis: Redis, today: string): Promise<AdminAd[]> {
  const { ads: adsGeneration, counters } = await generations(redis);
  if (adsGeneration === null) return [];
  const reads = redis.pipeline().hvals(readModelKeys.key(ADS.projector, adsGeneration, ADS.all));
  if (counters !== null)
    reads.hgetall(readModelKeys.key(AD_COUNTERS.projector, counters, AD_COUNTERS.counts));
  const replies = (await reads.exec()) ?? [];
  for (const [error] of replies) if (error) throw error;
  const values = (replies[0]?.[1] ?? []) as string[];
  const countOf = (replies[1]?.[1] ?? {}) as Record<string, string>;
  return values
    .map((json) => JSON.parse(json) as PublicAd)
    .sort(newestFirst)
    .map((ad) => {
      const [impressions, viewableImpressions, clicks] = AD_COUNTERS_NAMES.map((counter) =>
        Number(countOf[AD_COUNTERS.countField(ad.id, counter)] ?? 0),
      ) as [number, number, number];
      return { ...ad, schedule: scheduleOn(ad, today), impressions, viewableImpressions, clicks };
    });
}
