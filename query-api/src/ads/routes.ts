/**
 * The ads a slot shows (`GET /ads?position=`) and the back office's list with its counters
 * (`GET /admin/ads`). Each is a fixed number of Redis calls, however many ads there are: a slot's
 * ads are one hash, every ad another, every counter a third.
 */
import { type AdminAd, type AdStats, adsQuery, type PublicAd } from '@cinefold/contracts';
import {
  AD_COUNTERS,
  AD_COUNTERS_NAMES,
  ADS,
  noticeChanges,
  type ProjectionWatcher,
  readAfterWrites,
  activeGeneration,
  readModelKeys,
  siteDay,
  validate,
  validated,
} from '@cinefold/platform';
import { Router } from 'express';
import { ResponseCache } from '../catalogue/response-cache.js';
import type { Redis } from 'ioredis';
import { adFrameRouter } from './frame.js';

export interface AdReadsDependencies {
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
  readonly siteTimeZone: string;
  /**
   * The site's answer cache (shared with the catalogue and sent before Express by the gateway):
   * every page asks for its slots, so a slot's answer is computed once per renewal.
   */
  readonly answers?: ResponseCache<Buffer>;
}

const slotSchemas = { query: adsQuery };

const newestFirst = (a: PublicAd, b: PublicAd) =>
  b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id);

/** Whether `day` (YYYY-MM-DD) is inside the ad's window; both ends are whole days and included. */
export function runsOn(ad: Pick<PublicAd, 'startDate' | 'endDate'>, day: string): boolean {
  return (ad.startDate === null || ad.startDate <= day) && (ad.endDate === null || day <= ad.endDate);
}

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

export function adReadsRouter({ redis, watcher, siteTimeZone, answers }: AdReadsDependencies): Router {
  const router = Router();
  const fresh = readAfterWrites(watcher, [ADS.projector, AD_COUNTERS.projector]);
  router.use(adFrameRouter({ redis }));

  // Without a shared cache (a query service of its own), one that keeps nothing.
  const cache = answers ?? new ResponseCache<Buffer>(0);
  // A slot changes only when an ad is created, changed or deleted: rare, so renewing every
  // answer then costs nothing, and until then a slot is read from memory.
  void watcher.onNotice((notice) => {
    if (notice.projector === ADS.projector && noticeChanges(notice)) cache.clear();
  });

  async function slotAnswer(position: string): Promise<Buffer> {
    const generation = await activeGeneration(redis, ADS.projector);
    if (generation === null) return Buffer.from('[]');
    const slot = await redis.hvals(readModelKeys.key(ADS.projector, generation, ...ADS.slot(position)));
    const today = siteDay(siteTimeZone);
    const ads = slot.map((json) => JSON.parse(json) as PublicAd).filter((ad) => runsOn(ad, today));
    return Buffer.from(JSON.stringify(ads.sort(newestFirst)));
  }

  router.get('/ads', validate(slotSchemas), async (req, res) => {
    const { query } = validated(req, slotSchemas);
    // The day is part of the key, so an ad whose window starts at midnight shows from midnight.
    const key = `/api/ads?position=${query.position}&day=${siteDay(siteTimeZone)}`;
    const body = cache.enabled
      ? await cache.answer(key, () => slotAnswer(query.position))
      : await slotAnswer(query.position);
    if (cache.enabled) cache.alias(req.originalUrl, key);
    res.type('application/json').send(body);
  });

  router.get('/admin/ads', fresh, async (req, res) => {
    const { ads: adsGeneration, counters } = await generations(redis);
    if (adsGeneration === null) {
      res.json([]);
      return;
    }
    const reads = redis.pipeline().hvals(readModelKeys.key(ADS.projector, adsGeneration, ADS.all));
    if (counters !== null)
      reads.hgetall(readModelKeys.key(AD_COUNTERS.projector, counters, AD_COUNTERS.counts));
    const replies = (await reads.exec()) ?? [];
    for (const [error] of replies) if (error) throw error;
    const values = (replies[0]?.[1] ?? []) as string[];
    const countOf = (replies[1]?.[1] ?? {}) as Record<string, string>;
    const ads: AdminAd[] = values
      .map((json) => JSON.parse(json) as PublicAd)
      .sort(newestFirst)
      .map((ad) => {
        const [impressions, viewableImpressions, clicks] = AD_COUNTERS_NAMES.map((counter) =>
          Number(countOf[AD_COUNTERS.countField(ad.id, counter)] ?? 0),
        ) as [number, number, number];
        return { ...ad, impressions, viewableImpressions, clicks };
      });
    res.json(ads);
  });

  return router;
}
