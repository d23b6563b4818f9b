import { isAdminPath, type PageViewed, streams, trackPageViewRequest } from '@cinefold/contracts';
import {
  clientAddress,
  countryOf,
  deviceOf,
  eventContext,
  type GroupCommit,
  isBot,
  rateLimit,
  sendPosition,
  siteDay,
  trafficSource,
  validate,
  validated,
  VisitorHasher,
} from '@cinefold/platform';
import { Router } from 'express';
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

const DETAIL_PAGES = [
  ['movies', 'movie'],
  ['tv-shows', 'tv'],
] as const;

/** The title whose detail page `path` is (`/movies/{id}`, `/tv-shows/{id}`), else null. */
export function titleOfPath(path: string): Title {
  const [, section, id, ...rest] = path.split(/[?#]/, 1)[0]!.split('/');
  if (!id || rest.length > 0 || id.length > 64) return null;
  const type = DETAIL_PAGES.find(([name]) => name === section)?.[1];
  return type ? { type, id } : null;
}

/** The back office is not traffic: its pages are never counted (the site does not report them either). */

function hostOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).hostname];
  } catch {
    return [];
  }
}

/**
 * POST /analytics/track: one page view, reduced at once to what the dashboard counts (source,
 * device, country, a daily visitor hash) and appended to the day's stream by group commit. The
 * address and User-Agent it is derived from are never stored. Views of bots and of the back
 * office are accepted and dropped: the page has nothing to do about them.
 */
export function trackRouter({ redis, pageViews, siteTimeZone, publicUrl }: TrackDependencies): Router {
  const router = Router();
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
  router.post(
    '/analytics/track',
    // A browser reports one view per route change: a few a second at most, even in a hurry.
    // The limit is per network, so a school or an office behind one address still fits in it.
    rateLimit(redis, {
      name: 'track',
      limit: 600,
      windowSeconds: 60,
      message: 'Too many page views from your network. Please slow down.',
    }),
    validate(schemas),
    async (req, res) => {
      const { body } = validated(req, schemas);
      const userAgent = req.get('user-agent');
      if (isBot(userAgent) || isAdminPath(body.path)) {
        res.status(204).end();
        return;
      }
      // Anonymous even for a member: a view is not tied to an account.
      const context = eventContext(req, { actor: 'anonymous' });
      const day = siteDay(siteTimeZone, context.now);
      const address = clientAddress(req) ?? '';
      const event = {
        type: 'PageViewed',
        data: {
          path: body.path,
          title: titleOfPath(body.path),
          source: trafficSource(body.path, body.referrer, siteHosts(req.get('host') ?? '')),
          device: deviceOf(userAgent).device,
          country: countryOf(address),
          visitor: await visitors.visitor(day, address, userAgent!),
        },
      } as const;
      const result = await pageViews.append(streams.pageViews(day), [event], context);
      // An admin watching their own visit may send it back to read the dashboard after it.
      sendPosition(res, result);
      res.status(204).end();
    },
  );
  return router;
}
