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
import { encodedBody, encodingFor, processMetrics } from '@cinefold/platform';
import type { ResponseCache } from '@cinefold/query-api';

/**
 * `serving`: false while the site answers "starting" (see starting.ts): then Express answers.
 * `headers`: the security headers Express would have sent (see security-headers.ts).
 */
export function withCachedReads(
  answers: ResponseCache<Buffer>,
  app: RequestListener,
  serving: () => boolean = () => true,
  headers: Readonly<Record<string, string>> = {},
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
        // The compressed copy is made once per cached answer, then sent as it is.
        const encoding = encodingFor(body, req.headers['accept-encoding']);
        const sent = encoding ? encodedBody(body, encoding) : body;
        res.writeHead(200, {
          ...headers,
          'Cache-Control': 'no-store',
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': sent.length,
          Vary: 'Accept-Encoding',
          ...(encoding ? { 'Content-Encoding': encoding } : {}),
        });
        res.end(sent);
        return;
      }
    }
    app(req, res);
  };
}
