/** The queries of the traffic read model: the admin's summary of a window of days, and visitors now. */
import { type TrafficSummaryResponse, VISITORS_NOW_MINUTES } from '@cinefold/contracts';
import { activeGeneration, daysEndingWith, readModelKeys, siteDay } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { recentMinutes, TRAFFIC, TRAFFIC_BREAKDOWNS, type TrafficBreakdown } from './keys.js';

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
