/**
 * The hot write path. Page views (`POST /api/analytics/track`) and ad beacons
 * (`POST /api/ads/{id}/impression`, `/viewable-impression`, `/click`) are thousands of small
 * POSTs a second, each one event appended by group commit. Express (routing, middleware, its
 * request and response decorations) cost more CPU than the rest of such a request: they are
 * answered here, from `node:http`, before Express, by the same command functions and rate limits
 * their Express routes use (see command-api's `highVolumeCommands`), with the same answers: the
 * body limit and JSON errors, the validation messages, the 429 and its Retry-After, the 404 of an
 * ad no slot serves, the security headers, and the request metrics. Every request taken here is
 * a guest's, so none is answered with its event position (see the routes).
 *
 * Anything unusual goes to Express instead: another method or address form (a query string, a
 * trailing slash, an encoded id), a body that is not plain JSON (another type, a charset other
 * than UTF-8, compressed, chunked; a beacon with no body at all is taken, as the spec sends it),
 * a request with a token (a member's: their session is Express's to read), or a site still
 * building its read models (Express answers "starting").
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { AdBeacon, BeaconKind, HighVolumeCommands } from '@cinefold/command-api';
import { BEACONS, beaconSchemas, trackSchemas } from '@cinefold/command-api';
import { errorAnswer, type Logger, processMetrics, validateParts } from '@cinefold/platform';
import proxyaddr from 'proxy-addr';

export interface FastWritesOptions {
  readonly commands: HighVolumeCommands;
  /** False while the site answers "starting" (see starting.ts): then Express answers. */
  readonly serving: () => boolean;
  /** The security headers Express would have sent (see security-headers.ts). */
  readonly headers: Readonly<Record<string, string>>;
  /** Which proxies' X-Forwarded-For is believed: Express's own (`app.get('trust proxy fn')`). */
  readonly trust: (address: string, hop: number) => boolean;
  /** Largest JSON body accepted, in bytes, as Express's `express.json`. */
  readonly maxBodyBytes: number;
  readonly logger: Logger;
}

const TRACK = '/api/analytics/track';
const ADS = '/api/ads/';
const TRACK_ROUTE = TRACK;
/** The metrics' route label of a request refused before any route matched it (its body). */
const UNMATCHED = '(unmatched)';
const BEACON_ROUTES = Object.fromEntries(
  Object.keys(BEACONS).map((kind) => [kind, `/api/ads/:id/${kind}`]),
) as Record<BeaconKind, string>;

/** The content types `express.json` reads as UTF-8 JSON, written the usual ways. */
const JSON_TYPES = new Set([
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=utf-8',
]);

type Route = { kind: 'track' } | { kind: BeaconKind; adId: string };

/** The route a request takes here, or null for Express. */
function routeOf(req: IncomingMessage): Route | null {
  if (req.method !== 'POST') return null;
  const url = req.url;
  if (url === undefined) return null;
  let route: Route;
  if (url === TRACK) {
    route = { kind: 'track' };
  } else if (url.startsWith(ADS)) {
    const slash = url.indexOf('/', ADS.length);
    if (slash <= ADS.length) return null;
    const kind = url.slice(slash + 1);
    if (!Object.hasOwn(BEACONS, kind)) return null;
    const adId = url.slice(ADS.length, slash);
    // Express decodes a route's parameters: an encoded id is left to it.
    if (adId.includes('%')) return null;
    route = { kind: kind as BeaconKind, adId };
  } else {
    return null;
  }
  const headers = req.headers;
  // A member's beacon names them, and a member's write answers with its position: their session
  // is Express's to read.
  if (headers.authorization !== undefined) return null;
  if (headers['transfer-encoding'] !== undefined || headers['content-encoding'] !== undefined) return null;
  const type = headers['content-type'];
  const length = headers['content-length'];
  // No body at all: the spec's beacon (a page view always has one).
  if (type === undefined)
    return route.kind !== 'track' && (length === undefined || length === '0') ? route : null;
  return JSON_TYPES.has(type.toLowerCase()) && /^\d{1,15}$/.test(length ?? '') ? route : null;
}

const NOT_JSON = 'The request body is not valid JSON.';
const TOO_LARGE = 'The request body is too large.';

/** What JSON allows before a value: space, tab, line feed, carriage return. */
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;

/** `express.json({ strict: true })`'s reading: an object or an array, `{}` for an empty body; undefined if not JSON. */
function parseJson(body: Buffer): unknown {
  if (body.length === 0) return {};
  // A byte order mark is skipped, as the body parser's decoder does.
  const start = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
  let first = start;
  while (first < body.length && WHITESPACE.has(body[first]!)) first++;
  if (body[first] !== OPEN_BRACE && body[first] !== OPEN_BRACKET) return undefined;
  try {
    return JSON.parse(body.toString('utf8', start)) as unknown;
  } catch {
    return undefined;
  }
}

export function withFastWrites(options: FastWritesOptions, app: RequestListener): RequestListener {
  const { commands, serving, headers, maxBodyBytes, logger } = options;
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
  const noStore = { ...headers, 'Cache-Control': 'no-store' };

  /** A 204. A guest's write does not answer with its position: that would tell anyone the site's write volume. */
  function accepted(res: ServerResponse): void {
    res.writeHead(204, noStore);
    res.end();
  }

  /**
   * `{ message }`, as Express's error handler sends it (compression adds its Vary). A body
   * refused by the body parser is answered before the API's `no-store` is set, so without it.
   */
  function refused(
    res: ServerResponse,
    status: number,
    message: string,
    { retryAfter, parsed = true }: { retryAfter?: number; parsed?: boolean } = {},
  ): void {
    const body = JSON.stringify({ message });
    res.writeHead(status, {
      ...(parsed ? noStore : headers),
      ...(retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) }),
      Vary: 'Accept-Encoding',
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  }

  async function track(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<number> {
    const address = proxyaddr(req, trust);
    const wait = await commands.pageViewLimit.take(address);
    if (wait !== null) {
      refused(res, 429, commands.pageViewLimit.message, { retryAfter: wait });
      return 429;
    }
    const checked = validateParts(trackSchemas, { body });
    if (!checked.ok) {
      refused(res, 400, checked.message);
      return 400;
    }
    await commands.recordPageView({
      body: checked.value.body,
      userAgent: req.headers['user-agent'],
      address: address ?? '',
      host: req.headers.host ?? '',
      now: new Date(),
    });
    accepted(res);
    return 204;
  }

  async function beacon(
    req: IncomingMessage,
    res: ServerResponse,
    route: { kind: BeaconKind; adId: string },
    body: unknown,
  ): Promise<number> {
    const checked = validateParts(beaconSchemas, { params: { id: route.adId }, body });
    if (!checked.ok) {
      refused(res, 400, checked.message);
      return 400;
    }
    const limit = commands.adBeaconLimits[route.kind];
    const wait = await limit.take(proxyaddr(req, trust));
    if (wait !== null) {
      refused(res, 429, limit.message, { retryAfter: wait });
      return 429;
    }
    const sent: AdBeacon = {
      kind: route.kind,
      adId: checked.value.params.id,
      displayId: checked.value.body.displayId,
      context: { actor: 'anonymous', now: new Date() },
    };
    await commands.recordAdBeacon(sent);
    accepted(res);
    return 204;
  }

  /** `raw`: the body, or null when it was too large. Answers, then records the request's metrics. */
  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    route: Route,
    raw: Buffer | null,
    timer: (labels: Partial<Record<'method' | 'route' | 'status_code', string>>) => number,
  ): void {
    const label = route.kind === 'track' ? TRACK_ROUTE : BEACON_ROUTES[route.kind];
    const done = (status: number, matched = true) => {
      timer({ method: 'POST', route: matched ? label : UNMATCHED, status_code: String(status) });
    };
    if (raw === null) {
      refused(res, 413, TOO_LARGE, { parsed: false });
      return done(413, false);
    }
    const body = parseJson(raw);
    if (body === undefined) {
      refused(res, 400, NOT_JSON, { parsed: false });
      return done(400, false);
    }
    const handled = route.kind === 'track' ? track(req, res, body) : beacon(req, res, route, body);
    handled.then(done, (error: unknown) => {
      const { status, message } = errorAnswer(error, logger, { method: 'POST', path: req.url ?? '' });
      if (!res.headersSent) refused(res, status, message);
      done(status);
    });
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    const route = routeOf(req);
    if (route === null || !serving()) return app(req, res);
    const timer = processMetrics.httpDuration.startTimer();
    // A client gone half-way: there is nothing to answer (and nothing to throw).
    req.on('error', ignore);
    if (Number(req.headers['content-length']) > maxBodyBytes) {
      // As the body parser does: the body is read off, then refused.
      req.resume();
      req.once('end', () => answer(req, res, route, null, timer));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () =>
      answer(req, res, route, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), timer),
    );
  };
}

const ignore = () => undefined;
