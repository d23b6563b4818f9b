/**
 * One HTTP edge. An endpoint is declared once, as data: its method and path, the zod schemas of
 * its parts, who may call it, the limits it counts in, whether the fast lane serves it, and a
 * handler that returns an answer (status, JSON or bytes, headers, the write's position) instead of
 * writing to a response. Hosts (Express, and the gateway's `node:http` lane for the hottest
 * endpoints) only say who is asking and hand the request to `serveEndpoint`, which runs
 * `runEndpoint` (access, limits, validation, read-your-writes, the handler, errors) and writes
 * what comes back with `writeAnswer`, the one writer of answers (headers, compression, position),
 * then records the request's metrics under the endpoint's path.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EVENT_POSITION_HEADER, READ_MODEL_BEHIND_HEADER } from '@cinefold/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../auth/session.js';
import { accessRefusal } from '../auth/session.js';
import type { TokenClaims } from '../auth/tokens.js';
import type { Position } from '../event-store/port.js';
import type { Logger } from '../logging/logger.js';
import { measuredResponses, processMetrics } from '../metrics/metrics.js';
import type { ProjectionWatcher } from '../read-models/positions.js';
import { encodedBody, encodingFor } from './compressed-bodies.js';
import { errorAnswer, HttpError } from './errors.js';
import { clientNetwork, type RateLimiter } from './rate-limit.js';
import { type ReadAfterOptions, positionHeader, readPositionFor } from './read-your-writes.js';
import { type Validated, validateParts } from './validate.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint: anyone, a signed-in member, or an admin. */
export type Access = 'anyone' | 'member' | 'admin';

export interface EndpointSchemas {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
}

/** Who is asking, as the host found out (Express's `authenticate`; the fast lane takes guests only). */
export interface Caller {
  readonly user?: AuthenticatedUser | undefined;
  readonly claims?: TokenClaims | undefined;
  /** Why a token was not accepted: the 401's message. */
  readonly sessionProblem?: string | undefined;
  /** The users read model is behind a change of roles: admin endpoints answer 503. */
  readonly authStale?: boolean | undefined;
  /** The member's own last write, which their reads must reflect. */
  readonly readAfter?: Position | undefined;
}

/** A request as a handler sees it: its parts validated, who asks, and what the request says of its client. */
export interface EndpointCall<S extends EndpointSchemas = EndpointSchemas> {
  readonly params: Validated<S>['params'];
  readonly query: Validated<S>['query'];
  readonly body: Validated<S>['body'];
  readonly caller: Caller;
  /** The client's address (the trusted proxies applied). */
  readonly address: string | undefined;
  /** A request header, by its lower-case name. */
  header(name: string): string | undefined;
  /** The path and query as the client sent them. */
  readonly url: string;
  /** The protocol the client used (`http`, `https`), where the host tells it (Express: `req.protocol`). */
  readonly protocol?: string | undefined;
  /** The position this read waited for (client's or the member's own), when it waited. */
  readonly readAfter: Position | undefined;
  readonly now: Date;
}

/** What a handler returns; `writeAnswer` turns it into bytes on the wire. */
export interface Answer {
  readonly status: number;
  /** A body as JSON, or */
  readonly json?: unknown;
  /** a body as bytes, of `type` (JSON by default). */
  readonly bytes?: Buffer;
  readonly type?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** The position of the write: sent to a signed-in member only (see `positionHeader`). */
  readonly position?: Position | undefined;
  /**
   * The position goes to a guest too: the write makes the guest who asked a member, or acts for
   * one by a mailed link (a sign-up, a password reset, a confirmed address), and the client reads
   * next as that member.
   */
  readonly positionForGuest?: boolean;
  /**
   * Work that must wait until the answer has gone, and never hold it back or show in its time
   * (a mail whose sending would tell who is registered): run when the response closes.
   */
  readonly afterwards?: () => void;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

export const ok = (json: unknown, headers?: Record<string, string>): Answer => ({
  status: 200,
  json,
  ...(headers ? { headers } : {}),
});
export const created = (json: unknown, position?: Position): Answer => ({ status: 201, json, position });
export const accepted = (json: unknown): Answer => ({ status: 202, json });
export const noContent = (position?: Position): Answer => ({ status: 204, position });
export const bytes = (body: Buffer, type = JSON_TYPE, status = 200): Answer => ({
  status,
  bytes: body,
  type,
});
export const refusal = (status: number, message: string, headers?: Record<string, string>): Answer => ({
  status,
  json: { message },
  ...(headers ? { headers } : {}),
});

/**
 * A rate limit an endpoint counts in: per client network unless `key` names another subject. The
 * limits are claimed in their order, the first refusal answering; a rule that counts only some
 * answers (`RateLimitRule.counts`, failed sign-ins) gives its place back once the answer is known
 * not to count, and one that slows down past its limit (`overLimit`) makes the request wait its turn.
 */
export interface EndpointLimit {
  readonly limiter: RateLimiter;
  /** Counted before the request is validated (a page view: a flood of bad ones is still a flood). */
  readonly beforeValidation?: boolean;
  /**
   * The subject counted, or null to skip: the member's id, the address of email in the body (the
   * body as validated, unless `beforeValidation`); the client's network by default.
   */
  readonly key?: (call: EndpointCall) => string | null;
}

export interface Endpoint<S extends EndpointSchemas = EndpointSchemas> {
  readonly method: HttpMethod;
  /** The full pattern, Express's parameters: `/api/ads/:id/click`. Also the metrics' route label. */
  readonly path: string;
  readonly schemas: S;
  readonly access: Access;
  readonly limits?: readonly EndpointLimit[];
  /** Wait for these read models to pass the caller's position first (read your own writes). */
  readonly readsAfter?: {
    readonly watcher: ProjectionWatcher;
    readonly projectors: readonly string[];
  } & ReadAfterOptions;
  /** Thousands a second: the gateway's fast lane serves it too (guests' plain requests). */
  readonly hot?: boolean;
  /** The kept answer for an address, sent by the fast lane as it is (the answer cache). */
  readonly kept?: (url: string) => Buffer | undefined;
  handle(call: EndpointCall<S>): Promise<Answer> | Answer;
}

/** Declares an endpoint, its handler typed by its schemas. */
export function endpoint<S extends EndpointSchemas>(declared: Endpoint<S>): Endpoint {
  return declared as unknown as Endpoint;
}

/** The raw parts of a request, as a host read them. */
export interface RawCall {
  readonly params: unknown;
  readonly query: unknown;
  /** As parsed; `{}` when there was none. */
  readonly body: unknown;
  readonly caller: Caller;
  readonly address: string | undefined;
  header(name: string): string | undefined;
  readonly url: string;
  readonly protocol?: string | undefined;
  /** Whether the client has left (its connection closed); `serveEndpoint` tells it. */
  readonly gone?: () => boolean;
}

/** The client left while its request waited its turn under a limit: nobody to answer. */
const GONE = Symbol('gone');

async function limited(
  limits: readonly EndpointLimit[],
  call: EndpointCall,
  beforeValidation: boolean,
  gone: (() => boolean) | undefined,
  settles: ((status: number) => void)[],
): Promise<Answer | typeof GONE | null> {
  for (const limit of limits) {
    if ((limit.beforeValidation ?? false) !== beforeValidation) continue;
    const subject = limit.key ? limit.key(call) : clientNetwork(call.address);
    if (subject === null) continue;
    const claim = await limit.limiter.claim(subject, gone);
    if (claim === null) return GONE;
    if (!claim.granted)
      return refusal(429, limit.limiter.message, { 'Retry-After': String(claim.retryAfter) });
    if (claim.settle) settles.push(claim.settle);
  }
  return null;
}

/**
 * Runs one endpoint for one request: who may call it, its limits (those counted before
 * validation first), its schemas (the first problem a 400 `{ message }`), the wait for the read
 * models it reads, then its handler. Whatever is thrown becomes the answer `errorAnswer` gives it.
 * Null when the client left while a limit made it wait its turn: it is not served.
 */
export async function runEndpoint(
  endpoint: Endpoint,
  raw: RawCall,
  logger: Logger,
  now = new Date(),
): Promise<Answer | null> {
  const settles: ((status: number) => void)[] = [];
  const answer = await answerOf(endpoint, raw, logger, now, settles);
  if (answer === GONE) return null;
  // The limits that count only some answers give back the places of the others. A client gone
  // before its answer keeps its places: it may have cost a check.
  if (settles.length > 0 && !raw.gone?.()) for (const settle of settles) settle(answer.status);
  return answer;
}

async function answerOf(
  endpoint: Endpoint,
  raw: RawCall,
  logger: Logger,
  now: Date,
  settles: ((status: number) => void)[],
): Promise<Answer | typeof GONE> {
  try {
    const refused = accessRefusal(endpoint.access, raw.caller);
    if (refused) throw refused;
    const limits = endpoint.limits ?? [];
    const unchecked: EndpointCall = { ...raw, readAfter: undefined, now };
    const early = limits.length ? await limited(limits, unchecked, true, raw.gone, settles) : null;
    if (early) return early;
    const checked = validateParts(endpoint.schemas, raw);
    if (!checked.ok) return refusal(400, checked.message);
    const call: { -readonly [K in keyof EndpointCall]: EndpointCall[K] } = {
      ...unchecked,
      params: checked.value.params,
      query: checked.value.query,
      body: checked.value.body,
    };
    const late = limits.length ? await limited(limits, call, false, raw.gone, settles) : null;
    if (late) return late;
    // The member was read before the users read model had their last write: what is answered of
    // them may be older than it, as when the read models a read waits for are behind.
    let behind = raw.caller.user !== undefined && raw.caller.authStale === true;
    if (endpoint.readsAfter) {
      const { watcher, projectors, ...options } = endpoint.readsAfter;
      const read = await readPositionFor(watcher, projectors, options, {
        user: raw.caller.user,
        readAfter: raw.caller.readAfter,
        sent: raw.header(EVENT_POSITION_HEADER.toLowerCase()),
      });
      call.readAfter = read.position;
      behind ||= read.behind;
    }
    const answer = await endpoint.handle(call);
    return behind ? { ...answer, headers: { ...answer.headers, [READ_MODEL_BEHIND_HEADER]: '1' } } : answer;
  } catch (error) {
    const { status, message } = errorAnswer(error, logger, { method: endpoint.method, path: raw.url });
    return refusal(status, message, error instanceof HttpError ? error.headers : undefined);
  }
}

export interface WriteOptions {
  /** Headers the host has not set on the response already (the fast lane's security headers). */
  readonly base?: Readonly<Record<string, string>>;
  /**
   * Whether the caller is a signed-in member: only then (or for `positionForGuest`) does a
   * write's position go out.
   */
  readonly signedIn?: boolean;
  /** API answers are never stored; false leaves Cache-Control to the answer (a refused body). */
  readonly noStore?: boolean;
}

/**
 * Writes an answer: the base headers, `Cache-Control: no-store`, the answer's own headers, its
 * position for a member (or the guest it is for), and a body (JSON or bytes) compressed for a
 * client that accepts it when it is worth it (see `encodingFor`; a kept body's compressed copy is
 * made once). No body for 204 and HEAD (Node leaves it out; the length stays).
 */
export function writeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  answer: Answer,
  { base, signedIn = false, noStore = true }: WriteOptions = {},
): void {
  const headers: Record<string, string | number> = { ...base };
  if (noStore) headers['Cache-Control'] = 'no-store';
  if (answer.headers) Object.assign(headers, answer.headers);
  const position = positionHeader(signedIn || answer.positionForGuest === true, answer.position);
  if (position !== null) headers[EVENT_POSITION_HEADER] = position;
  let body: Buffer | undefined =
    answer.status === 204 || answer.status === 304
      ? undefined
      : (answer.bytes ?? (answer.json === undefined ? undefined : Buffer.from(JSON.stringify(answer.json))));
  if (body !== undefined) {
    headers['Content-Type'] = answer.type ?? JSON_TYPE;
    headers.Vary = 'Accept-Encoding';
    const encoding = req.method === 'HEAD' ? null : encodingFor(body, req.headers['accept-encoding']);
    if (encoding) {
      body = encodedBody(body, encoding);
      headers['Content-Encoding'] = encoding;
    }
    headers['Content-Length'] = body.length;
  }
  res.writeHead(answer.status, headers);
  res.end(body);
}

/** The metrics' route label of a request refused before any endpoint took it (its body). */
export const UNMATCHED = '(unmatched)';

/** Runs the endpoint, writes its answer and records the request under the endpoint's path. */
export async function serveEndpoint(
  endpoint: Endpoint,
  req: IncomingMessage,
  res: ServerResponse,
  raw: RawCall,
  options: { readonly logger: Logger; readonly base?: Readonly<Record<string, string>> },
): Promise<void> {
  const timer = processMetrics.httpDuration.startTimer();
  measuredResponses.add(res);
  const answer = await runEndpoint(endpoint, { ...raw, gone: () => res.destroyed }, options.logger);
  // Left unanswered, as Express leaves a request no handler answers: no metrics either.
  if (answer === null) return;
  if (answer.afterwards) res.once('close', answer.afterwards);
  // A client gone while it was answered: nothing to write.
  if (!res.headersSent && !res.destroyed)
    writeAnswer(req, res, answer, {
      ...(options.base ? { base: options.base } : {}),
      signedIn: raw.caller.user !== undefined,
    });
  timer({ method: req.method ?? endpoint.method, route: endpoint.path, status_code: String(answer.status) });
}
