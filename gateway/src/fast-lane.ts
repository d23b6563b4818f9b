/**
 * The fast lane: the endpoint table's hot endpoints served from `node:http`, before Express.
 * Page views, ad beacons and the catalogue's and the ad slots' kept answers are most of the
 * traffic, and Express's routing, middleware and request decorations cost more CPU than the rest
 * of such a request. Nothing of the protocol is written here: the lane finds the endpoint in the
 * same table Express hosts, reads the body with the app's own body parser, and hands the request
 * to `serveEndpoint` (validation, limits, errors, metrics, the one answer writer), or, for a kept
 * answer, to `writeAnswer` directly. What it decides is only which requests it takes:
 *
 * - a GET of a hot endpoint at its plain path (no trailing slash, no encoded parameter) and within
 *   the site's bounds, without a token (a member's session may have to wait for their own writes;
 *   a visitor's position changes nothing: the catalogue waits only for members' positions):
 *   its kept answer (`Endpoint.kept`) when there is one, else the endpoint itself, its query
 *   parsed as Express's "simple" parser does (`node:querystring`) and inside the read scope the
 *   API's requests get (a replica's);
 * - a POST of a hot endpoint at its plain address (no query string, no trailing slash, no encoded
 *   parameter), from a guest (a member's session is Express's to read), with a plain JSON body in
 *   UTF-8 of a declared length, or none at all when the endpoint's body schema takes an empty one
 *   (the spec's beacon);
 *
 * and never while the site answers "starting". Everything else goes to Express.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import {
  bytes,
  type Endpoint,
  errorAnswer,
  type Logger,
  processMetrics,
  refusal,
  serveEndpoint,
  UNMATCHED,
  writeAnswer,
} from '@cinefold/platform';
import proxyaddr from 'proxy-addr';
import { withinBounds } from './app.js';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

export interface FastLaneOptions {
  /** The endpoint table; the lane takes its hot endpoints. */
  readonly endpoints: readonly Endpoint[];
  /** False while the site answers "starting" (see starting.ts): then Express answers. */
  readonly serving: () => boolean;
  /** The security headers Express would have sent (see security-headers.ts). */
  readonly headers: Readonly<Record<string, string>>;
  /** Which proxies' X-Forwarded-For is believed: Express's own (`app.get('trust proxy fn')`). */
  readonly trust: (address: string, hop: number) => boolean;
  /** The app's JSON body parser (`express.json` with the app's limit). */
  readonly readBody: Middleware;
  /** What the API's requests run inside, when anything (a replica's read scope): the lane's reads too. */
  readonly readScope?: (work: () => void) => void;
  readonly logger: Logger;
}

/** The content types `express.json` reads as UTF-8 JSON, written the usual ways. */
const JSON_TYPES = new Set([
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=utf-8',
]);

interface Route {
  readonly endpoint: Endpoint;
  /** Each segment of the path: its text, or null for a parameter. */
  readonly segments: readonly (string | null)[];
  readonly names: readonly string[];
  /** Whether a request with no body at all is the endpoint's (its body schema takes `{}`). */
  readonly bodyless: boolean;
}

function routeOf(endpoint: Endpoint): Route {
  const parts = endpoint.path.split('/');
  const body = endpoint.schemas.body;
  return {
    endpoint,
    segments: parts.map((part) => (part.startsWith(':') ? null : part)),
    names: parts.filter((part) => part.startsWith(':')).map((part) => part.slice(1)),
    bodyless: body === undefined || (body !== 'stream' && body.safeParse({}).success),
  };
}

/** The route and parameters `path` matches as written, or null (Express reads the rest). */
function match(
  routes: readonly Route[],
  path: string,
): { route: Route; params: Record<string, string> } | null {
  const parts = path.split('/');
  for (const route of routes) {
    if (route.segments.length !== parts.length) continue;
    const values: string[] = [];
    let matched = true;
    for (let i = 0; i < parts.length && matched; i++) {
      const segment = route.segments[i];
      const part = parts[i]!;
      if (segment === null) {
        // Express decodes a route's parameters: an encoded one is left to it.
        if (part === '' || part.includes('%')) matched = false;
        else values.push(part);
      } else matched = segment === part;
    }
    if (!matched) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => (params[name] = values[i]!));
    return { route, params };
  }
  return null;
}

export function withFastLane(options: FastLaneOptions, app: RequestListener): RequestListener {
  const { serving, headers, readBody, logger } = options;
  const hot = options.endpoints.filter((endpoint) => endpoint.hot).map(routeOf);
  // The lane reads JSON bodies only: an upload (`body: 'stream'`) is Express's, hot or not.
  const writes = hot.filter(
    (route) => route.endpoint.method === 'POST' && route.endpoint.schemas.body !== 'stream',
  );
  const reads = hot.filter((route) => route.endpoint.method === 'GET');
  const inReadScope = options.readScope ?? ((work: () => void) => work());
  if (writes.length === 0 && reads.length === 0) return app;
  // proxy-addr asks, hop by hop, whether an address is a trusted proxy, parsing it each time. The
  // first hop is the socket's address (the proxy's, or loopback's): a few addresses, kept here.
  const trustedSockets = new Map<string, boolean>();
  const trust = (address: string, hop: number): boolean => {
    if (hop !== 0) return options.trust(address, hop);
    let trusted = trustedSockets.get(address);
    if (trusted === undefined) {
      if (trustedSockets.size >= 1000) trustedSockets.clear();
      trusted = options.trust(address, hop);
      trustedSockets.set(address, trusted);
    }
    return trusted;
  };

  /** A guest's POST the lane takes, or null. */
  function writeOf(req: IncomingMessage, url: string) {
    if (url.includes('?')) return null;
    const found = match(writes, url);
    if (found === null) return null;
    const h = req.headers;
    if (h.authorization !== undefined) return null;
    if (h['transfer-encoding'] !== undefined || h['content-encoding'] !== undefined) return null;
    const type = h['content-type'];
    const length = h['content-length'];
    if (type === undefined)
      return found.route.bodyless && (length === undefined || length === '0') ? found : null;
    return JSON_TYPES.has(type.toLowerCase()) && /^\d{1,15}$/.test(length ?? '') ? found : null;
  }

  function write(req: IncomingMessage, res: ServerResponse, found: NonNullable<ReturnType<typeof writeOf>>) {
    // A client gone half-way: there is nothing to answer (and nothing to throw).
    req.on('error', ignore);
    const timer = processMetrics.httpDuration.startTimer();
    readBody(req, res, (error?: unknown) => {
      if (error !== undefined) {
        // Refused before any endpoint took it, as Express's error handler answers the body parser.
        const { status, message } = errorAnswer(error, logger, { method: 'POST', path: req.url ?? '' });
        writeAnswer(req, res, refusal(status, message), { base: headers, noStore: false });
        timer({ method: 'POST', route: UNMATCHED, status_code: String(status) });
        return;
      }
      const body = (req as IncomingMessage & { body?: unknown }).body;
      serveGuest(req, res, found, {}, body ?? {});
    });
  }

  /** A guest's GET the lane takes, and where its query starts (-1: none), or null. */
  function readOf(req: IncomingMessage, url: string) {
    if (req.headers.authorization !== undefined || !url.startsWith('/api/') || !withinBounds(url))
      return null;
    const mark = url.indexOf('?');
    const found = match(reads, mark === -1 ? url : url.slice(0, mark));
    return found === null ? null : { ...found, mark };
  }

  /** A read with no kept answer: its endpoint run, the query parsed as Express would parse it. */
  function read(
    req: IncomingMessage,
    res: ServerResponse,
    url: string,
    found: NonNullable<ReturnType<typeof readOf>>,
  ) {
    const query = found.mark === -1 ? {} : parseQuery(url.slice(found.mark + 1));
    inReadScope(() => serveGuest(req, res, found, query, {}));
  }

  /** A guest's request the lane took, served by its endpoint as Express's route would serve it. */
  function serveGuest(
    req: IncomingMessage,
    res: ServerResponse,
    { route, params }: { route: Route; params: Record<string, string> },
    query: unknown,
    body: unknown,
  ) {
    serveEndpoint(
      route.endpoint,
      req,
      res,
      {
        params,
        query,
        body,
        caller: {},
        address: proxyaddr(req, trust),
        header: (name) => {
          const value = req.headers[name.toLowerCase()];
          return Array.isArray(value) ? value.join(', ') : value;
        },
        url: req.url!,
      },
      { logger, base: headers },
    ).catch((failure: unknown) => {
      // As Express's error handler answers a route that threw.
      const { status, message } = errorAnswer(failure, logger, {
        method: req.method ?? '',
        path: req.url ?? '',
      });
      if (!res.headersSent && !res.destroyed)
        writeAnswer(req, res, refusal(status, message), { base: headers });
    });
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url;
    if (url !== undefined && (req.method === 'GET' || req.method === 'POST') && serving()) {
      if (req.method === 'GET') {
        const found = readOf(req, url);
        if (found !== null) {
          const body = found.route.endpoint.kept?.(url);
          if (body === undefined) return read(req, res, url, found);
          processMetrics.cacheLookups.inc({ result: 'hit' });
          writeAnswer(req, res, bytes(body), { base: headers });
          return;
        }
      } else {
        const found = writeOf(req, url);
        if (found !== null) return write(req, res, found);
      }
    }
    app(req, res);
  };
}

const ignore = () => undefined;
