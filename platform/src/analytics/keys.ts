import type { TitleType } from '@cinefold/contracts';

/**
 * The traffic read model, shared by its projector and the dashboard's reads. Everything is kept
 * per day, small and of a fixed kind, so a summary of N days reads N days, whatever the views:
 *
 *   day:{D}              hash: views; once the day is closed also visitors (exact) and closed=1
 *   day:{D}:visitors     HyperLogLog of the day's visitor hashes, while the day is open
 *   day:{D}:sources      sorted set source → views (likewise devices, countries)
 *   day:{D}:titles       sorted set {type}:{id} → views
 *   titles:{type}        sorted set id → views, all days together (the content list's Views)
 *   views                every view counted
 */
export const TRAFFIC = {
  projector: 'traffic',
  day: (day: string) => ['day', day],
  visitors: (day: string) => ['day', day, 'visitors'],
  breakdown: (day: string, by: TrafficBreakdown) => ['day', day, by],
  dayTitles: (day: string) => ['day', day, 'titles'],
  titles: (type: TitleType) => ['titles', type],
  views: 'views',
} as const;

export const TRAFFIC_BREAKDOWNS = ['sources', 'devices', 'countries'] as const;
export type TrafficBreakdown = (typeof TRAFFIC_BREAKDOWNS)[number];
