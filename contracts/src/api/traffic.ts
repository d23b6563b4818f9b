import { z } from 'zod';

/** Longest address a tracked view may have: no page of the site comes near it. */
export const MAX_TRACKED_PATH = 2000;

/** POST /api/analytics/track: the page viewed (with its query) and the referrer the browser reported. */
export const trackPageViewRequest = z.strictObject({
  path: z
    .string({ error: 'path is required' })
    .min(1, 'path is required')
    .max(MAX_TRACKED_PATH, `path must be at most ${MAX_TRACKED_PATH} characters`)
    .refine((path) => path.startsWith('/'), 'path must start with /'),
  referrer: z
    .string({ error: 'referrer must be text' })
    .max(MAX_TRACKED_PATH, `referrer must be at most ${MAX_TRACKED_PATH} characters`)
    .nullable()
    .optional(),
});
export type TrackPageViewRequest = z.infer<typeof trackPageViewRequest>;

export const TRAFFIC_DAYS_DEFAULT = 7;
export const TRAFFIC_DAYS_MAX = 90;

/** `?days=`: how many days of traffic, today included (the summary's and the live dashboard's). */
export const trafficDays = z.coerce
  .number({ error: 'days must be a number' })
  .int('days must be a whole number')
  .min(1, 'days must be at least 1')
  .max(TRAFFIC_DAYS_MAX, `days must be at most ${TRAFFIC_DAYS_MAX}`)
  .default(TRAFFIC_DAYS_DEFAULT);

/** GET /api/analytics/admin/summary */
export const trafficSummaryQuery = z.object({ days: trafficDays });

/** Spec section 3, Traffic summary; `visitors` (unique, per day) is beside `count`. */
export const trafficSummaryResponse = z.object({
  days: z.number(),
  /** Every day of the window, oldest first, zeros included. */
  timeseries: z.array(z.object({ day: z.string(), count: z.number(), visitors: z.number() })),
  /** Each list by count, highest first. */
  sources: z.array(z.object({ source: z.string(), count: z.number() })),
  devices: z.array(z.object({ device: z.string(), count: z.number() })),
  countries: z.array(z.object({ country: z.string(), count: z.number() })),
});
export type TrafficSummaryResponse = z.infer<typeof trafficSummaryResponse>;

/** GET /api/admin/stats (`fast=1` is accepted; totals are exact either way). */
export const dashboardStatsQuery = z.strictObject({ fast: z.string().optional() });

/** Spec section 3, Dashboard stats. */
export const dashboardStatsResponse = z.object({
  overview: z.object({
    totalUsers: z.number(),
    newUsers: z.number(),
    totalMovies: z.number(),
    totalTVShows: z.number(),
    totalViews: z.number(),
  }),
  userActivity: z.array(z.object({ _id: z.string(), count: z.number() })),
  adStats: z.object({ totalImpressions: z.number(), totalClicks: z.number() }),
  topMovies: z.array(
    z.object({
      id: z.union([z.number(), z.string()]),
      title: z.string(),
      poster_path: z.string().nullable(),
      views: z.number(),
    }),
  ),
  topTVShows: z.array(
    z.object({
      id: z.union([z.number(), z.string()]),
      name: z.string(),
      poster_path: z.string().nullable(),
      views: z.number(),
    }),
  ),
});
export type DashboardStatsResponse = z.infer<typeof dashboardStatsResponse>;
