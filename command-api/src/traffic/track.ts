import {
  isTrackedPath,
  type PageViewed,
  streams,
  titlePageAt,
  type TrackPageViewRequest,
  trackPageViewRequest,
} from '@cinefold/contracts';
import {
  type AppendResult,
  countryOf,
  deviceOf,
  type Endpoint,
  endpoint,
  type GroupCommit,
  isBot,
  noContent,
  type RateLimiter,
  siteDay,
  trafficSource,
  VisitorHasher,
} from '@cinefold/platform';
import type { Redis } from 'ioredis';
import type { z } from 'zod';

export interface TrackDependencies {
  readonly redis: Redis;
  /** The process's one group commit: concurrent views share a transaction. */
  readonly pageViews: GroupCommit;
  /** IANA zone whose calendar days the views are counted in (SITE_TIME_ZONE). */
  readonly siteTimeZone: string;
  /** The site's public address (PUBLIC_URL): a referrer from it is a visit going on, not a source. */
  readonly publicUrl?: string;
}

const schemas = { body: trackPageViewRequest };

type Title = z.infer<typeof PageViewed.schema>['title'];

/** The title whose page `path` is (`/movies/{id}`, `/tv-shows/{id}`, query left out), else null. */
export function titleOfPath(path: string): Title {
  const title = titlePageAt(path.split(/[?#]/, 1)[0]!);
  return title && title.id.length <= 64 ? title : null;
}

function hostOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).hostname];
  } catch {
    return [];
  }
}

/** A page view as its request gives it: the validated body and what the request says of its client. */
export interface PageViewRequest {
  readonly body: TrackPageViewRequest;
  readonly userAgent: string | undefined;
  /** The client's address (TRUST_PROXY applied), `''` when unknown. */
  readonly address: string;
  /** The Host header the view was sent to. */
  readonly host: string;
  readonly now: Date;
}

/**
 * A browser reports one view per route change: a few a second at most, even in a hurry. The
 * limit is per network, so a school or an office behind one address still fits in it.
 */
export const TRACK_RATE_LIMIT = {
  name: 'track',
  limit: 600,
  windowSeconds: 60,
  message: 'Too many page views from your network. Please slow down.',
} as const;

export const trackSchemas = schemas;

/**
 * One page view, reduced at once to what the dashboard counts (source, device, country, a daily
 * visitor hash) and appended to the day's stream by group commit; null when it is dropped. The
 * address and User-Agent it is derived from are never stored. Views of bots and of the back
 * office are accepted and dropped: the page has nothing to do about them. Used by the Express
 * endpoint, whichever host serves it.
 */
export function pageViewRecorder({
  redis,
  pageViews,
  siteTimeZone,
  publicUrl,
}: TrackDependencies): (view: PageViewRequest) => Promise<AppendResult | null> {
  const visitors = new VisitorHasher(redis);
  const ownHosts = hostOf(publicUrl);
  // This site's hosts: the one a view was sent to, and PUBLIC_URL's. The Host header is nearly
  // always the same, so the last one's are kept rather than parsed for every view.
  const hostsOf = (host: string) => [...hostOf(`http://${host}`), ...ownHosts];
  let lastHost = { host: '', siteHosts: hostsOf('') };
  const siteHosts = (host: string) => {
    if (host !== lastHost.host) lastHost = { host, siteHosts: hostsOf(host) };
    return lastHost.siteHosts;
  };
  return async ({ body, userAgent, address, host, now }) => {
    // The back office is not traffic: its pages are never counted (the site does not report them either).
    if (isBot(userAgent) || !isTrackedPath(body.path)) return null;
    // Anonymous even for a member: a view is not tied to an account.
    const context = { actor: 'anonymous', now };
    const day = siteDay(siteTimeZone, context.now);
    const event = {
      type: 'PageViewed',
      data: {
        path: body.path,
        title: titleOfPath(body.path),
        source: trafficSource(body.path, body.referrer, siteHosts(host)),
        device: deviceOf(userAgent).device,
        country: countryOf(address),
        visitor: await visitors.visitor(day, address, userAgent!),
      },
    } as const;
    return pageViews.append(streams.pageViews(day), [event], context);
  };
}

/**
 * POST /api/analytics/track: see `pageViewRecorder`. Counted before validation: a flood of bad
 * views is still a flood. A member's view answers with its position (an admin watching their own
 * visit may send it back to read the dashboard after it); a guest's does not (`positionHeader`).
 */
export function trackEndpoint(
  record: (view: PageViewRequest) => Promise<AppendResult | null>,
  limiter: RateLimiter,
): Endpoint {
  return endpoint({
    method: 'POST',
    path: '/api/analytics/track',
    schemas,
    access: 'anyone',
    limits: [{ limiter, beforeValidation: true }],
    hot: true,
    handle: async ({ body, header, address, now }) => {
      const result = await record({
        body,
        userAgent: header('user-agent'),
        address: address ?? '',
        host: header('host') ?? '',
        now,
      });
      return noContent(result?.position);
    },
  });
}
