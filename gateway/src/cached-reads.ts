/**
 * The hot read path. Anonymous GETs of the public catalogue (home, listings, details) are the
 * bulk of the traffic, and most are answers the catalogue router computed a moment ago and keeps
 * in its `ResponseCache`. Those are sent straight from `node:http`, before Express: routing,
 * middleware and validation cost several times more CPU than the send itself. Everything else,
 * misses included, goes to Express, which validates, computes and fills the cache.
 *
 * Only requests that would have been answered from the cache by the router take this path: no
 * token (a member's session may have to wait for their own writes). A visitor's event position
 * changes nothing here: the catalogue waits only for members' positions.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { processMetrics } from '@cinefold/platform';
import type { ResponseCache } from '@cinefold/query-api';
import { SECURITY_HEADERS } from './app.js';

/** `serving`: false while the site answers "starting" (see starting.ts): then Express answers. */
export function withCachedReads(
  answers: ResponseCache<Buffer>,
  app: RequestListener,
  serving: () => boolean = () => true,
): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url;
    if (
      req.method === 'GET' &&
      serving() &&
      url !== undefined &&
      url.startsWith('/api/') &&
      req.headers.authorization === undefined
    ) {
      const body = answers.get(url);
      if (body !== undefined) {
        processMetrics.cacheLookups.inc({ result: 'hit' });
        res.writeHead(200, {
          ...SECURITY_HEADERS,
          'Cache-Control': 'no-store',
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': body.length,
        });
        res.end(body);
        return;
      }
    }
    app(req, res);
  };
}
