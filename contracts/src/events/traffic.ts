/**
 * Traffic: the pages visitors view. One stream per day (in the site's time zone), only ever added
 * to, so a day's views can be totalled and, after the retention, deleted as a whole.
 */
import { z } from 'zod';
import { titleType } from '../vocabulary.js';
import { defineEvent } from './define.js';

/**
 * What the server derived from one tracked view, and nothing more: never the address or the
 * User-Agent it derived them from. `visitor` is a salted hash that changes every day.
 */
export const PageViewed = defineEvent(
  'PageViewed',
  z.object({
    path: z.string(),
    /** The title whose detail page this is, else null. */
    title: z.object({ type: titleType, id: z.string() }).nullable(),
    source: z.string(),
    device: z.string(),
    country: z.string(),
    visitor: z.string(),
  }),
);

/** A count per name (a source, a device, a country): `{ "Google": 12, "Direct": 3 }`. */
const counts = z.record(z.string(), z.number().int().nonnegative());

/**
 * The books of one day, closed once the day has ended: its totals, computed from the day's
 * page views, which may then be deleted after the retention. The read models rebuild that day
 * from this event alone. `visitors` is the exact number of distinct visitor hashes of the day.
 * `throughRevision` is the last revision of the day's stream the totals include (-1: none).
 */
export const TrafficDayClosed = defineEvent(
  'TrafficDayClosed',
  z.object({
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    views: z.number().int().nonnegative(),
    visitors: z.number().int().nonnegative(),
    sources: counts,
    devices: counts,
    countries: counts,
    titles: z.array(z.object({ type: titleType, id: z.string(), views: z.number().int().positive() })),
    throughRevision: z.number().int().min(-1),
  }),
);

/** The books of a day without a view: what a quiet day is closed with, and what a count starts from. */
export function noViewsOn(day: string): z.infer<typeof TrafficDayClosed.schema> {
  return {
    day,
    views: 0,
    visitors: 0,
    sources: {},
    devices: {},
    countries: {},
    titles: [],
    throughRevision: -1,
  };
}

export const trafficEvents = [PageViewed, TrafficDayClosed] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PAGE_VIEWS_PREFIX = 'pageviews-';
const DAY_CLOSED_PREFIX = 'traffic-day-closed-';

export const trafficStreams = {
  /** `day` is `YYYY-MM-DD` in the site's time zone. */
  pageViews: (day: string) => `${PAGE_VIEWS_PREFIX}${day}`,
  /** Holds the day's one TrafficDayClosed, appended with 'no_stream': a day is closed once. */
  trafficDayClosed: (day: string) => `${DAY_CLOSED_PREFIX}${day}`,
} as const;

/** The day of a stream named `{prefix}{day}`, or null for any other stream. */
function dayOfStream(prefix: string, stream: string): string | null {
  if (!stream.startsWith(prefix)) return null;
  const day = stream.slice(prefix.length);
  return DAY.test(day) ? day : null;
}

/** The day of a page-views stream, or null for any other stream. */
export const pageViewsDay = (stream: string): string | null => dayOfStream(PAGE_VIEWS_PREFIX, stream);

/** The day a day-closed stream closes, or null for any other stream. */
export const closedDayOf = (stream: string): string | null => dayOfStream(DAY_CLOSED_PREFIX, stream);
