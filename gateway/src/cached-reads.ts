/**
 * The hot read path. Anonymous GETs of the public catalogue (home, listings, details) are the
 * bulk of the traffic, and most are answers the catalogue router computed a moment ago and keeps
 * in its `ResponseCache`. Those are sent straight from `node:http`, before Express: routing,
 * middleware and validation cost several times more CPU than the send itself. So are the ad
 * slots' answers, made from the slot's kept ads with new display ids (`AdSlotAnswers`).
 * Everything else, misses included, goes to Express, which validates, computes and fills the
 * caches.
 *
 * Only requests that would have been answered from the cache by the router take this path: no
 * token (a member's session may have to wait for their own writes). A visitor's event position
 * changes nothing here: the catalogue waits only for members' positions.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { encodedBody, encodingFor, processMetrics } from '@cinefold/platform';
import type { AdSlotAnswers, ResponseCache } from '@cinefold/query-api';

export interface CachedReadsOptions {
  /** The catalogue's kept answers, sent as they are. */
  readonly answers: ResponseCache<Buffer>;
  /** The ad slots' answers, made anew for each request from what is kept. */
  readonly slots?: Pick<AdSlotAnswers, 'keptAnswer'>;
  /** False while the site answers "starting" (see starting.ts): then Express answers. */
  readonly serving?: () => boolean;
  /** The security headers Express would have sent (see security-headers.ts). */
  readonly headers?: Readonly<Record<string, string>>;
}

export function withCachedReads(options: CachedReadsOptions, app: RequestListener): RequestListener {
  const { answers, slots, serving = () => true, headers = {} } = options;
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url;
    if (
      req.method === 'GET' &&
      serving() &&
      url !== undefined &&
      url.startsWith('/api/') &&
      req.headers.authorization === undefined
    ) {
      const body = answers.get(url) ?? slots?.keptAnswer(url);
      if (body !== undefined) {
        processMetrics.cacheLookups.inc({ result: 'hit' });
        // A kept answer is compressed once, then sent as it is; a slot's answer, new each time, is
        // compressed for its one request.
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
