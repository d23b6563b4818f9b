import { z } from 'zod';
import { dashboardStatsResponse, trafficDays, trafficSummaryResponse } from './traffic.js';

/**
 * GET /api/admin/stream: the admin dashboard's live feed, as server-sent events. Under /admin, so
 * the one admin guard covers it. The browser reads it with `fetch` (the Bearer token goes in the
 * Authorization header, as on every other call; EventSource cannot send headers).
 */
export const LIVE_DASHBOARD_PATH = '/admin/stream';

/** The only event name on the stream: one message carries everything that changed since the last. */
export const LIVE_DASHBOARD_EVENT = 'dashboard';

/** A client gets at most one message in this many milliseconds, however busy the site is. */
export const LIVE_DASHBOARD_INTERVAL_MS = 1000;

/** Comment lines keep proxies from closing a quiet stream. */
export const LIVE_DASHBOARD_HEARTBEAT_MS = 15_000;

/** The `retry:` the server sends: how long a client waits before reconnecting. */
export const LIVE_DASHBOARD_RETRY_MS = 2000;

/** "Visitors now": distinct visitors over this many minutes, the current one included. */
export const VISITORS_NOW_MINUTES = 5;

/** `?days=` chooses the window of the traffic part, as on GET /api/analytics/admin/summary. */
export const liveDashboardQuery = z.strictObject({ days: trafficDays });

/** `Last-Event-ID`: the id of the last message the client received (ids only grow). */
export const lastEventId = z
  .string()
  .regex(/^\d{1,16}$/, 'Last-Event-ID must be the id of a message of this stream');

/**
 * The data of a `dashboard` message. Each part is there when it changed (all of them in the first
 * message of a connection or a resumed one): fresh figures, not a notice to fetch them again.
 */
export const liveDashboardMessage = z.object({
  /** As GET /api/admin/stats answers. */
  stats: dashboardStatsResponse.optional(),
  /** As GET /api/analytics/admin/summary answers, for the stream's `days`. */
  traffic: trafficSummaryResponse.optional(),
  /** Distinct visitors over the last VISITORS_NOW_MINUTES minutes. */
  visitorsNow: z.number().optional(),
});
export type LiveDashboardMessage = z.infer<typeof liveDashboardMessage>;
