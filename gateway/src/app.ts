/**
 * The HTTP face of Cinefold: `/api` (the endpoint table, or a proxy to the services that host
 * it), the site's files (robots.txt, the sitemap: endpoints of their own table, at the root) and
 * the built frontend. Everything a client sends is answered with JSON errors, never a stack trace.
 */
import { ADMIN_API_PREFIXES } from '@cinefold/contracts';
import {
  apiNotFound,
  bodyParser,
  type Endpoint,
  endpointRouter,
  type OwnedPrefix,
  errorHandler,
  type Logger,
  requestMetrics,
  requireAdmin,
} from '@cinefold/platform';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import { routeList } from './routes-table.js';
import { type SecurityOptions, securityHeaders } from './security-headers.js';
import { lookUpPage, type PageWriting, sendLookedUpPage } from './seo/page-answers.js';
import { frontendRouter } from './spa.js';

export interface AppOptions {
  /** The endpoint table (see platform's `endpoint.ts`), mounted under /api. */
  readonly endpoints?: readonly Endpoint[];
  /** Runs first on every /api request (e.g. "starting" while the read models are built). */
  readonly beforeApi?: readonly RequestHandler[];
  /** Runs before the endpoints on every /api request (who is asking). */
  readonly authenticate?: RequestHandler;
  /** Or: one handler that forwards /api to other services. */
  readonly apiProxy?: RequestHandler;
  /** The built frontend; omitted for API-only services. */
  readonly frontendDir?: string;
  /** Each page's head from the catalogue (search engines), written into the frontend's pages. */
  readonly pageWriting?: PageWriting;
  /** /robots.txt and the sitemap: endpoints at the root, and the addresses they own whole. */
  readonly siteFiles?: { readonly endpoints: readonly Endpoint[]; readonly owned: readonly OwnedPrefix[] };
  readonly logger: Logger;
  /** Largest JSON body accepted (bytes or a size like '100kb'). */
  readonly jsonLimit?: string;
  /** The proxies whose X-Forwarded-For is believed (config TRUST_PROXY); none by default. */
  readonly trustProxy?: string | number | false;
  /** GET /metrics for scrapers holding the token (config METRICS_TOKEN); absent, not served. */
  readonly metrics?: Endpoint;
  /** What the security headers allow (player origins) and whether HSTS is sent. */
  readonly security?: SecurityOptions;
}

/** Largest JSON body accepted by default: 100 kB. */
export const JSON_LIMIT_BYTES = 100 * 1024;

/** The JSON body parser of the API, Express's and the fast lane's. */
export const jsonBody = (limit: string | number = JSON_LIMIT_BYTES) => express.json({ limit, strict: true });

/** Longest path answered; no route of the site comes near it. */
export const MAX_PATH_LENGTH = 2048;
/** Longest request target (path and query); a search of 200 characters, percent-encoded, fits. */
export const MAX_URL_LENGTH = 8192;

/**
 * Refuses an absurd address before any routing looks at it: nothing the site serves needs one,
 * and whatever reads a path afterwards (routers, the page routes) then works on a bounded string.
 */
export function withinBounds(url: string): boolean {
  const query = url.indexOf('?');
  const pathLength = query === -1 ? url.length : query;
  return pathLength <= MAX_PATH_LENGTH && url.length <= MAX_URL_LENGTH;
}

const boundedAddress: RequestHandler = (req, res, next) => {
  if (withinBounds(req.url)) return next();
  res.status(414).json({ message: 'The address is too long.' });
};

/**
 * Compresses what is not compressed already (precompressed assets and cached catalogue answers
 * carry their encoding). Server-sent events are left alone: a compressor holds back what it has
 * not filled a block with, and the live dashboard's messages would wait in it.
 */
export const compressAnswers: RequestHandler = compression({
  filter: (req, res) =>
    !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') &&
    compression.filter(req, res),
});

export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // API answers are never stored (no-store), so an ETag would only cost a hash of every body.
  app.set('etag', false);
  // Only the proxies the operator named: trusting whole private ranges let any client on such a
  // network choose the address its rate limits are counted under.
  app.set('trust proxy', options.trustProxy ?? false);
  app.set('query parser', 'simple');
  // First, so that the security headers after it can name the page's inline scripts (CSP hashes).
  if (options.pageWriting) app.use(lookUpPage(options.pageWriting, withinBounds));
  app.use(securityHeaders(options.security));
  app.use(boundedAddress);
  app.use(requestMetrics());
  // Before compression: a scrape is compressed by the answer writer, as any endpoint's answer.
  if (options.metrics) app.use(endpointRouter([options.metrics], { logger: options.logger, mount: '' }));
  app.use(compressAnswers);
  if (options.pageWriting) app.use(sendLookedUpPage);

  const api = express.Router();
  for (const handler of options.beforeApi ?? []) api.use(handler);
  if (options.apiProxy) {
    api.use(options.apiProxy);
  } else {
    // Uploads (`body: 'stream'`) are left unread for their endpoints.
    api.use(bodyParser(options.endpoints ?? [], { parse: jsonBody(options.jsonLimit) }));
    api.use((_req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    });
    if (options.authenticate) {
      api.use(options.authenticate);
      // One guard for every admin route, present and future.
      api.use([...ADMIN_API_PREFIXES], requireAdmin);
    }
    if (options.endpoints?.length) api.use(endpointRouter(options.endpoints, { logger: options.logger }));
  }
  api.use(apiNotFound);
  app.use('/api', api);

  if (options.siteFiles) {
    const { endpoints, owned } = options.siteFiles;
    app.use(endpointRouter(endpoints, { logger: options.logger, mount: '', owned }));
  }
  if (options.frontendDir) app.use(frontendRouter(options.frontendDir, options.pageWriting));
  app.use((req, res) => {
    res.status(404).json({ message: `Nothing at ${req.method} ${req.path}.` });
  });
  app.use(errorHandler(options.logger));
  // What the fuzzer and the route list read (see routes-table.ts).
  app.locals.routes = routeList([
    ...(options.apiProxy ? [] : (options.endpoints ?? [])),
    ...(options.siteFiles?.endpoints ?? []),
    ...(options.metrics ? [options.metrics] : []),
  ]);
  return app;
}
