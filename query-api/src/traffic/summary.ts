import { type TrafficSummaryResponse, trafficSummaryQuery } from '@cinefold/contracts';
import {
  daysEndingWith,
  type ProjectionWatcher,
  activeGeneration,
  readModelKeys,
  siteDay,
  TRAFFIC,
  TRAFFIC_BREAKDOWNS,
  type TrafficBreakdown,
  bytes,
  type Endpoint,
  endpoint,
} from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { KEEP_ADMIN_ANSWERS_MS, KeptAnswers } from './kept-answers.js';

export interface TrafficReadsDependencies {
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
  /** IANA zone whose calendar days the views were counted in (SITE_TIME_ZONE). */
  readonly siteTimeZone: string;
}

const schemas = { query: trafficSummaryQuery };

type Counted = { name: string; count: number };

/** `ZUNION … WITHSCORES` answers member, score pairs, lowest first; the dashboard wants highest first. */
function byCountDescending(flat: readonly string[]): Counted[] {
  const counted: Counted[] = [];
  for (let i = 0; i < flat.length; i += 2) counted.push({ name: flat[i]!, count: Number(flat[i + 1]) });
  return counted.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/**
 * The traffic of the last `days` days (today included, in the site's time zone), read from the
 * per-day structures of the traffic read model (open or closed days alike): one pipeline of a few commands a day plus one
 * union per breakdown, whatever the number of views.
 */
export async function readTrafficSummary(
  redis: Redis,
  timeZone: string,
  days: number,
  now = new Date(),
): Promise<TrafficSummaryResponse> {
  const window = daysEndingWith(siteDay(timeZone, now), days);
  const generation = await activeGeneration(redis, TRAFFIC.projector);
  if (generation === null) {
    return {
      days,
      timeseries: window.map((day) => ({ day, count: 0, visitors: 0 })),
      sources: [],
      devices: [],
      countries: [],
    };
  }
  const key = (...parts: string[]) => readModelKeys.key(TRAFFIC.projector, generation, ...parts);
  const pipeline = redis.pipeline();
  for (const day of window) {
    // A closed day has its exact visitors in its hash and no sketch; an open one the reverse.
    pipeline.hmget(key(...TRAFFIC.day(day)), 'views', 'visitors');
    pipeline.pfcount(key(...TRAFFIC.visitors(day)));
  }
  for (const by of TRAFFIC_BREAKDOWNS) {
    const keys = window.map((day) => key(...TRAFFIC.breakdown(day, by)));
    pipeline.zunion(keys.length, ...keys, 'WITHSCORES');
  }
  const replies = (await pipeline.exec()) ?? [];
  for (const [error] of replies) if (error) throw error;
  const values = replies.map(([, value]) => value);
  const breakdown = (by: TrafficBreakdown) =>
    byCountDescending(values[window.length * 2 + TRAFFIC_BREAKDOWNS.indexOf(by)] as string[]);
  return {
    days,
    timeseries: window.map((day, i) => {
      const [views, visitors] = values[i * 2] as (string | null)[];
      return { day, count: Number(views ?? 0), visitors: Number(visitors ?? values[i * 2 + 1] ?? 0) };
    }),
    sources: breakdown('sources').map(({ name, count }) => ({ source: name, count })),
    devices: breakdown('devices').map(({ name, count }) => ({ device: name, count })),
    countries: breakdown('countries').map(({ name, count }) => ({ country: name, count })),
  };
}

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
