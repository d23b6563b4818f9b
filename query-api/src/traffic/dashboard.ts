/**
 * GET /admin/stats: the dashboard's figures (see read-models' `readDashboardFigures`), with the ad
 * counters' totals beside them.
 */
import { type DashboardStatsResponse, dashboardStatsQuery } from '@cinefold/contracts';
import { bytes, type Endpoint, endpoint, type ProjectionWatcher, siteDay } from '@cinefold/platform';
import {
  AD_COUNTERS,
  CATALOGUE,
  readAdStats,
  readDashboardFigures,
  TRAFFIC,
  USERS,
} from '@cinefold/read-models';
import type { Redis } from 'ioredis';
import { KEEP_ADMIN_ANSWERS_MS, KeptAnswers } from './kept-answers.js';

export interface DashboardDependencies {
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
  /** IANA zone whose calendar days and months the dashboard counts in (SITE_TIME_ZONE). */
  readonly siteTimeZone: string;
}

const schemas = { query: dashboardStatsQuery };

export async function readDashboardStats(
  redis: Redis,
  timeZone: string,
  now = new Date(),
): Promise<DashboardStatsResponse> {
  const [{ overview, userActivity, topMovies, topTVShows }, adStats] = await Promise.all([
    readDashboardFigures(redis, timeZone, now),
    readAdStats(redis),
  ]);
  return { overview, userActivity, adStats, topMovies, topTVShows };
}

/** The read models the dashboard's figures come from. */
const STATS_PROJECTORS = [USERS.projector, CATALOGUE.projector, TRAFFIC.projector, AD_COUNTERS.projector];

/** GET /admin/stats (`fast=1` accepted): admins only, by the guard on /admin. */
export function dashboardEndpoint({ redis, watcher, siteTimeZone }: DashboardDependencies): Endpoint {
  const kept = new KeptAnswers(watcher, STATS_PROJECTORS, KEEP_ADMIN_ANSWERS_MS);
  return endpoint({
    method: 'GET',
    path: '/api/admin/stats',
    // `fast` asked the old site for estimates; every figure here is exact and cheap, so it changes nothing.
    schemas,
    access: 'admin',
    readsAfter: { watcher, projectors: STATS_PROJECTORS },
    // Today's date decides the week and the month counted.
    handle: async ({ readAfter, now }) =>
      bytes(
        await kept.answer(siteDay(siteTimeZone, now), readAfter !== undefined, () =>
          readDashboardStats(redis, siteTimeZone, now),
        ),
      ),
  });
}
