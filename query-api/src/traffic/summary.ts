import { trafficSummaryQuery } from '@cinefold/contracts';
import { bytes, type Endpoint, endpoint, type ProjectionWatcher, siteDay } from '@cinefold/platform';
import { readTrafficSummary, TRAFFIC } from '@cinefold/read-models';
import type { Redis } from 'ioredis';
import { KEEP_ADMIN_ANSWERS_MS, KeptAnswers } from './kept-answers.js';

export interface TrafficReadsDependencies {
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
  /** IANA zone whose calendar days the views were counted in (SITE_TIME_ZONE). */
  readonly siteTimeZone: string;
}

const schemas = { query: trafficSummaryQuery };

/** GET /analytics/admin/summary?days=7 (1 to 90): admins only, by the guard on /analytics/admin. */
export function trafficReadsEndpoint({ redis, watcher, siteTimeZone }: TrafficReadsDependencies): Endpoint {
  const kept = new KeptAnswers(watcher, [TRAFFIC.projector], KEEP_ADMIN_ANSWERS_MS);
  return endpoint({
    method: 'GET',
    path: '/api/analytics/admin/summary',
    schemas,
    access: 'admin',
    readsAfter: { watcher, projectors: [TRAFFIC.projector] },
    handle: async ({ query, readAfter, now }) => {
      // The window ends today: the day is part of what the answer depends on.
      const key = `${query.days}:${siteDay(siteTimeZone, now)}`;
      return bytes(
        await kept.answer(key, readAfter !== undefined, () =>
          readTrafficSummary(redis, siteTimeZone, query.days, now),
        ),
      );
    },
  });
}
