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
import { EVENT_POSITION_HEADER } from '@cinefold/contracts';
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
import type { RateLimiter } from './rate-limit.js';
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
}

export const JSON_TYPE = 'application/json; charset=utf-8';

export const ok = (json: unknown, headers?: Record<string, string>): Answer => ({
  status: 200,
  json,
  ...(headers ? { headers } : {}),
});
export const created = (json: unknown, position?: Position): Answer => ({ status: 201, json, position });
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

/** A rate limit an endpoint counts in: per client network unless `key` names another subject. */
export interface EndpointLimit {
  readonly limiter: RateLimiter;
  /** Counted before the request is validated (a page view: a flood of bad ones is still a flood). */
  readonly beforeValidation?: boolean;
  /** The subject counted, or null to skip (e.g. the member's id); the client's network by default. */
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
}

async function limited(
  limits: readonly EndpointLimit[],
  call: EndpointCall,
  beforeValidation: boolean,
): Promise<Answer | null> {
  for (const limit of limits) {
    if ((limit.beforeValidation ?? false) !== beforeValidation) continue;
    const subject = limit.key ? limit.key(call) : undefined;
    if (subject === null) continue;
    const wait =
      subject === undefined ? await limit.limiter.take(call.address) : await limit.limiter.reserve(subject);
    if (wait !== null) return refusal(429, limit.limiter.message, { 'Retry-After': String(wait) });
  }
  return null;
}

/**
 * Runs one endpoint for one request: who may call it, its limits (those counted before
 * validation first), its schemas (the first problem a 400 `{ message }`), the wait for the read
 * models it reads, then its handler. Whatever is thrown becomes the answer `errorAnswer` gives it.
 */
export async function runEndpoint(
  endpoint: Endpoint,
  raw: RawCall,
  logger: Logger,
  now = new Date(),
): Promise<Answer> {
  try {
    const refused = accessRefusal(endpoint.access, raw.caller);
    if (refused) throw refused;
    const limits = endpoint.limits ?? [];
    const unchecked: EndpointCall = { ...raw, readAfter: undefined, now };
    const early = limits.length ? await limited(limits, unchecked, true) : null;
    if (early) return early;
    const checked = validateParts(endpoint.schemas, raw);
    if (!checked.ok) return refusal(400, checked.message);
    const call: { -readonly [K in keyof EndpointCall]: EndpointCall[K] } = {
      ...unchecked,
      params: checked.value.params,
      query: checked.value.query,
      body: checked.value.body,
    };
    const late = limits.length ? await limited(limits, call, false) : null;
    if (late) return late;
    let behind = false;
    if (endpoint.readsAfter) {
      const { watcher, projectors, ...options } = endpoint.readsAfter;
      const read = await readPositionFor(watcher, projectors, options, {
        user: raw.caller.user,
        readAfter: raw.caller.readAfter,
        sent: raw.header(EVENT_POSITION_HEADER.toLowerCase()),
      });
      call.readAfter = read.position;
      behind = read.behind;
    }
    const answer = await endpoint.handle(call);
    return behind ? { ...answer, headers: { ...answer.headers, 'X-Read-Model-Behind': '1' } } : answer;
  } catch (error) {
    const { status, message } = errorAnswer(error, logger, { method: endpoint.method, path: raw.url });
    return refusal(status, message, error instanceof HttpError ? error.headers : undefined);
  }
}

export interface WriteOptions {
  /** Headers the host has not set on the response already (the fast lane's security headers). */
  readonly base?: Readonly<Record<string, string>>;
  /** Whether the caller is a signed-in member: only then does a write's position go out. */
  readonly signedIn?: boolean;
  /** API answers are never stored; false leaves Cache-Control to the answer (a refused body). */
  readonly noStore?: boolean;
}

/**
 * Writes an answer: the base headers, `Cache-Control: no-store`, the answer's own headers, its
 * position for a member, and a body (JSON or bytes) compressed for a client that accepts it when
 * it is worth it (see `encodingFor`; a kept body's compressed copy is made once). No body for 204
 * and HEAD (Node leaves it out; the length stays).
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
  const position = positionHeader(signedIn, answer.position);
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
  const answer = await runEndpoint(endpoint, raw, options.logger);
  // A client gone while it was answered: nothing to write.
  if (!res.headersSent && !res.destroyed)
    writeAnswer(req, res, answer, {
      ...(options.base ? { base: options.base } : {}),
      signedIn: raw.caller.user !== undefined,
    });
  timer({ method: req.method ?? endpoint.method, route: endpoint.path, status_code: String(answer.status) });
}
