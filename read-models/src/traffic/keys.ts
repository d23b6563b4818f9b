import type { TitleType } from '@cinefold/contracts';

/**
 * The traffic read model, shared by its projector and the dashboard's reads. Everything is kept
 * per day, small and of a fixed kind, so a summary of N days reads N days, whatever the views:
 *
 *   day:{D}              hash: views; once the day is closed also visitors (exact) and closed=1
 *   day:{D}:visitors     HyperLogLog of the day's visitor hashes, while the day is open
 *   day:{D}:sources      sorted set source → views (likewise devices, countries)
 *   day:{D}:titles       sorted set {type}:{id} → views, while the day is open
 *   titles:{type}        sorted set id → views, all days together (the content list's Views)
 *   views                every view counted
 *   minute:{M}:visitors  HyperLogLog of one minute's visitors (M a UTC minute, 2026-11-24T14:25),
 *                        gone VISITORS_NOW_MINUTES after that minute: "visitors now"
 */
export const TRAFFIC = {
  projector: 'traffic',
  day: (day: string) => ['day', day],
  visitors: (day: string) => ['day', day, 'visitors'],
  breakdown: (day: string, by: TrafficBreakdown) => ['day', day, by],
  dayTitles: (day: string) => ['day', day, 'titles'],
  titles: (type: TitleType) => ['titles', type],
  views: 'views',
  minuteVisitors: (minute: string) => ['minute', minute, 'visitors'],
} as const;

/** The UTC minute of a time, as the per-minute visitor sketches are named: `2026-11-24T14:25`. */
export const minuteOf = (at: number | Date): string => new Date(at).toISOString().slice(0, 16);

/**
 * The minute of an event's time as the store gives it back, ISO in UTC (`2026-11-27T09:41:07.123Z`),
 * cut out of the text: parsing and formatting it again was a tenth of a replay's page views.
 */
export const minuteOfIso = (iso: string): string =>
  iso.length === 24 && iso.endsWith('Z') ? iso.slice(0, 16) : minuteOf(Date.parse(iso));

const MINUTE_MS = 60_000;

/**
 * When a minute's visitor sketch stops counting for "visitors now": it then expires. The time is
 * absolute (PEXPIREAT), so a rebuild that replays old views leaves no sketch behind, as the
 * serving generation has none: both generations hold the same keys.
 */
export const minuteVisitorsExpireAt = (minute: string, minutes: number): number =>
  Date.parse(`${minute}:00.000Z`) + minutes * MINUTE_MS;

/** The sketches "visitors now" reads at `now`: its minute and the `minutes - 1` before it. */
export const recentMinutes = (now: number, minutes: number): string[] =>
  Array.from({ length: minutes }, (_, i) => minuteOf(now - i * MINUTE_MS));

export const TRAFFIC_BREAKDOWNS = ['sources', 'devices', 'countries'] as const;
export type TrafficBreakdown = (typeof TRAFFIC_BREAKDOWNS)[number];
