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

export const trafficEvents = [PageViewed] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PAGE_VIEWS_PREFIX = 'pageviews-';

export const trafficStreams = {
  /** `day` is `YYYY-MM-DD` in the site's time zone. */
  pageViews: (day: string) => `${PAGE_VIEWS_PREFIX}${day}`,
} as const;

/** The day of a page-views stream, or null for any other stream. */
export function pageViewsDay(stream: string): string | null {
  if (!stream.startsWith(PAGE_VIEWS_PREFIX)) return null;
  const day = stream.slice(PAGE_VIEWS_PREFIX.length);
  return DAY.test(day) ? day : null;
}
