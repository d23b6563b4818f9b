/**
 * Express as a host of the endpoint table: each endpoint becomes one route whose only work is to
 * say who is asking (what `authenticate` found) and hand the request to `serveEndpoint`.
 */
import { type ErrorRequestHandler, type Request, type RequestHandler, Router } from 'express';
import type { Logger } from '../logging/logger.js';
import { type Endpoint, type RawCall, refusal, serveEndpoint, writeAnswer } from './endpoint.js';
import { errorAnswer, HttpError } from './errors.js';
import { clientAddress } from './request-context.js';

/** The parts of an Express request an endpoint reads; the body as `express.json` left it. */
export function callOf(req: Request): RawCall {
  return {
    params: req.params,
    query: req.query,
    body: (req.body as unknown) ?? {},
    caller: req,
    address: clientAddress(req),
    header: (name) => req.get(name),
    url: req.originalUrl,
    protocol: req.protocol,
    request: req,
  };
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Each endpoint's route, relative to `mount`, where its paths are given from the root. */
function routes(
  endpoints: readonly Endpoint[],
  mount: string,
): { endpoint: Endpoint; method: Method; path: string }[] {
  return endpoints.map((endpoint) => {
    if (!endpoint.path.startsWith(`${mount}/`)) throw new Error(`${endpoint.path} is not under ${mount}`);
    return {
      endpoint,
      method: endpoint.method.toLowerCase() as Method,
      path: endpoint.path.slice(mount.length),
    };
  });
}

/**
 * An address space one part of the site owns whole (`/sitemaps`): a request under `prefix` that
 * no endpoint of the table takes, whatever its method, is refused 404 with `message(path)`
 * instead of falling through to the rest of the app.
 */
export interface OwnedPrefix {
  readonly prefix: string;
  message(path: string): string;
}

/** A router of the endpoints, to be mounted at `mount` (their paths are given from the root). */
export function endpointRouter(
  endpoints: readonly Endpoint[],
  { logger, mount = '/api', owned = [] }: { logger: Logger; mount?: string; owned?: readonly OwnedPrefix[] },
): Router {
  const router = Router();
  for (const { endpoint, method, path } of routes(endpoints, mount)) {
    router[method](path, (req, res, next) => {
      serveEndpoint(endpoint, req, res, callOf(req), { logger }).catch(next);
    });
  }
  for (const { prefix, message } of owned) {
    router.use(prefix.slice(mount.length), (req, res) => {
      // Cache-Control is left as it is: none for the site's files, as the app's last 404 has none.
      writeAnswer(req, res, refusal(404, message(req.originalUrl.split('?')[0]!)), { noStore: false });
    });
  }
  return router;
}

/**
 * The JSON body parser for every request but those an endpoint reads as a stream
 * (`body: 'stream'`, an upload): those are left unread for their handler. Which requests they
 * are is found by Express's own routing, as the endpoints' routes will find them (the case, a
 * trailing slash, encoded characters), so the parser and the endpoint never disagree.
 */
export function bodyParser(
  endpoints: readonly Endpoint[],
  { parse, mount = '/api' }: { parse: RequestHandler; mount?: string },
): Router {
  const router = Router();
  const streamed = endpoints.filter((endpoint) => endpoint.schemas.body === 'stream');
  for (const { method, path } of routes(streamed, mount)) {
    router[method](path, (req, _res, next) => {
      // Only a look-ahead: the route that answers is the endpoint's own, further on.
      req.route = undefined;
      next('router');
    });
  }
  router.use(parse);
  return router;
}

/** What an error thrown outside an endpoint (a body too large for the parser) answers. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const { status, message } = errorAnswer(error, logger, { method: req.method, path: req.path });
    if (res.headersSent) return;
    const headers = error instanceof HttpError ? error.headers : undefined;
    writeAnswer(req, res, refusal(status, message, headers), { noStore: false });
  };
}

/** Unknown `/api/*` routes answer 404 JSON rather than falling through to the SPA. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API route for ${req.method} ${req.originalUrl.split('?')[0]}.` });
};
