/**
 * One HTTP edge. An endpoint is declared once, as data: its method and path, the zod schemas of
 * its parts, who may call it, the limits it counts in, whether the fast lane serves it, and a
 * handler that returns an answer (status, JSON or bytes or a stream, headers, the write's
 * position) instead of writing to a response. Hosts (Express, and the gateway's `node:http` lane
 * for the hottest endpoints) only say who is asking and hand the request to `serveEndpoint`,
 * which runs `runEndpoint` (access, limits, validation, read-your-writes, the handler, errors) and
 * writes what comes back with `writeAnswer`, the one writer of answers (headers, compression,
 * position, a stream piped until it ends or the client leaves), then records the request's
 * metrics under the endpoint's path.
 *
 * Two kinds of endpoint are not JSON in, JSON out, and the table says so rather than leaving them
 * to hand-written routers. An upload declares `body: 'stream'`: no body parser reads its request,
 * and its handler is given the request itself to read as it arrives (a multipart file streamed to
 * disk). A live feed or a file written a piece at a time answers with `stream`, a function given a
 * sink: the writer sends the headers, runs it, and ends the response when it returns, or tells it
 * through its signal that the client has gone. Anything thrown before that is a refusal like any
 * other (`{ message }` with its status): a stream answer is only returned once it can be served.
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
import { validateParts } from './validate.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint: anyone, a signed-in member, or an admin. */
export type Access = 'anyone' | 'member' | 'admin';

export interface EndpointSchemas {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /**
   * The JSON body's schema, or `'stream'`: the body is not parsed, and the handler reads the
   * request itself (`EndpointCall.body`), as an upload of a file must.
   */
  readonly body?: z.ZodType | 'stream';
}

type Part<T> = T extends z.ZodType ? z.output<T> : unknown;

/** Who is asking, as the host found out (Express's `authenticate`; the fast lane takes guests only). */
export interface Caller {
  readonly user?: AuthenticatedUser | undefined;
  readonly claims?: TokenClaims | undefined;
  /** Why a token was not accepted: the 401's message. */
  readonly sessionProblem?: string | undefined;
  /** The users read model is behind a change of roles: admin endpoints answer 503. */
  readonly authStale?: boolean | undefined;
  /** The users read model is behind that change or the member's own last write (`X-Read-Model-Behind`). */
  readonly memberBehind?: boolean | undefined;
  /** The member's own last write, which their reads must reflect. */
  readonly readAfter?: Position | undefined;
}

/** A request as a handler sees it: its parts validated, who asks, and what the request says of its client. */
export interface EndpointCall<S extends EndpointSchemas = EndpointSchemas> {
  readonly params: Part<S['params']>;
  readonly query: Part<S['query']>;
  /** The body as validated; for `body: 'stream'`, the request, its body unread. */
  readonly body: S['body'] extends 'stream' ? IncomingMessage : Part<S['body']>;
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

/**
 * Where a stream answer writes. `write` resolves once the client can take more (at once, unless
 * the connection's buffer is full), or once the client has gone; `signal` is aborted when the
 * client goes, and a stream should then stop: nothing it writes goes anywhere. It may be aborted
 * before the stream starts (see `AnswerStream`): look at `signal.aborted` before listening.
 */
export interface StreamSink {
  write(piece: string | Buffer): Promise<void>;
  readonly signal: AbortSignal;
}

/**
 * A body written over time: the response ends when the promise settles (a throw after the
 * headers have gone can only cut the response short). It is run exactly once, even when there
 * is nobody to write to (a HEAD request, a client gone before the headers): then with its signal
 * already aborted, so that whatever its handler set aside for it is let go in one place.
 */
export type AnswerStream = (sink: StreamSink) => Promise<void> | void;

/** What a handler returns; `writeAnswer` turns it into bytes on the wire. */
export interface Answer {
  readonly status: number;
  /** A body as JSON, or */
  readonly json?: unknown;
  /** a body as bytes (sent as they are when `headers` give their Content-Encoding), or */
  readonly bytes?: Buffer;
  /**
   * a body written as it is made (server-sent events, a sitemap file), with no length; the
   * host's compression, if any, applies (the Express app's compresses what it should).
   */
  readonly stream?: AnswerStream;
  /** The body's content type: JSON by default. */
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
  /**
   * Not an API answer but a file of the site (robots.txt, the sitemap): its answers say
   * themselves how long they may be kept, and its refusals go without `no-store`.
   */
  readonly cacheable?: boolean;
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
  /** The request itself: the body of an endpoint that reads it as a stream (`body: 'stream'`). */
  readonly request?: IncomingMessage;
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
    const { body: bodySchema, ...parts } = endpoint.schemas;
    const streamed = bodySchema === 'stream';
    const checked = validateParts(streamed ? parts : { ...parts, body: bodySchema }, raw);
    if (!checked.ok) return refusal(400, checked.message);
    if (streamed && !raw.request)
      throw new Error(`${endpoint.path} reads its body, and no request was given`);
    const call: { -readonly [K in keyof EndpointCall]: EndpointCall[K] } = {
      ...unchecked,
      params: checked.value.params,
      query: checked.value.query,
      body: streamed ? raw.request : checked.value.body,
    };
    const late = limits.length ? await limited(limits, call, false, raw.gone, settles) : null;
    if (late) return late;
    // The member was read before the users read model had their last write: what is answered of
    // them may be older than it, as when the read models a read waits for are behind.
    let behind = raw.caller.user !== undefined && raw.caller.memberBehind === true;
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
  /** Where a stream that fails after its headers have gone is told of. */
  readonly logger?: Logger;
}

/**
 * Writes an answer: the base headers, `Cache-Control: no-store`, the answer's own headers, its
 * position for a member (or the guest it is for), and a body (JSON or bytes) compressed for a
 * client that accepts it when it is worth it (see `encodingFor`; a kept body's compressed copy is
 * made once; bytes that carry their Content-Encoding go as they are). No body for 204 and HEAD
 * (Node leaves it out; the length stays). A stream answer gets its headers, then its stream
 * (`pipeStream`).
 */
export function writeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  answer: Answer,
  { base, signedIn = false, noStore = true, logger }: WriteOptions = {},
): void {
  const headers: Record<string, string | number> = { ...base };
  if (noStore) headers['Cache-Control'] = 'no-store';
  if (answer.headers) Object.assign(headers, answer.headers);
  const position = positionHeader(signedIn || answer.positionForGuest === true, answer.position);
  if (position !== null) headers[EVENT_POSITION_HEADER] = position;
  if (answer.stream) {
    headers['Content-Type'] = answer.type ?? JSON_TYPE;
    res.writeHead(answer.status, headers);
    pipeStream(req, res, answer.stream, logger);
    return;
  }
  let body: Buffer | undefined =
    answer.status === 204 || answer.status === 304
      ? undefined
      : (answer.bytes ?? (answer.json === undefined ? undefined : Buffer.from(JSON.stringify(answer.json))));
  if (body !== undefined) {
    headers['Content-Type'] = answer.type ?? JSON_TYPE;
    headers.Vary = 'Accept-Encoding';
    const encoded = Object.keys(headers).some((name) => name.toLowerCase() === 'content-encoding');
    const encoding =
      req.method === 'HEAD' || encoded ? null : encodingFor(body, req.headers['accept-encoding']);
    if (encoding) {
      body = encodedBody(body, encoding);
      headers['Content-Encoding'] = encoding;
    }
    headers['Content-Length'] = body.length;
  }
  res.writeHead(answer.status, headers);
  res.end(body);
}

/**
 * Runs a stream answer into a response whose headers have gone: each piece written as the
 * client takes it, the response ended when the stream returns. A client that leaves aborts the
 * sink's signal (and releases a write waiting for room); a HEAD request, which has no body, runs
 * the stream with its signal aborted from the start. A stream that throws is logged and the
 * response cut short, since its status has gone already.
 */
function pipeStream(
  req: IncomingMessage,
  res: ServerResponse,
  stream: AnswerStream,
  logger: Logger | undefined,
): void {
  const left = new AbortController();
  const leave = () => left.abort();
  if (req.method === 'HEAD' || res.destroyed) leave();
  else res.once('close', leave);
  const sink: StreamSink = {
    signal: left.signal,
    write(piece) {
      if (left.signal.aborted || res.write(piece)) return Promise.resolve();
      return new Promise((resolve) => {
        const room = () => {
          res.off('drain', room);
          left.signal.removeEventListener('abort', room);
          resolve();
        };
        res.on('drain', room);
        left.signal.addEventListener('abort', room);
      });
    },
  };
  Promise.resolve()
    .then(() => stream(sink))
    .then(
      () => {
        if (!res.destroyed) res.end();
      },
      (error: unknown) => {
        logger?.error('a stream failed after its headers were sent', { path: req.url, error });
        res.destroy();
      },
    )
    .finally(() => res.off('close', leave));
}

/**
 * An answer nobody will read (its client left while it was made): a stream is still run, with
 * its signal aborted, so that what its handler set aside for it is let go.
 */
function abandon(answer: Answer): void {
  if (!answer.stream) return;
  const left = new AbortController();
  left.abort();
  const stream = answer.stream;
  Promise.resolve()
    .then(() => stream({ signal: left.signal, write: () => Promise.resolve() }))
    .catch(() => undefined);
}

/** The metrics' route label of a request refused before any endpoint took it (its body). */
export const UNMATCHED = '(unmatched)';

/**
 * Runs the endpoint, writes its answer and records the request under the endpoint's path: once
 * the answer is written, or for a stream once the response has finished (a stream the client
 * left is not recorded, as a response Express never finished is not).
 */
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
  const record = () =>
    timer({
      method: req.method ?? endpoint.method,
      route: endpoint.path,
      status_code: String(answer.status),
    });
  // A client gone while it was answered: nothing to write.
  if (res.headersSent || res.destroyed) {
    abandon(answer);
    if (!answer.stream) record();
    return;
  }
  writeAnswer(req, res, answer, {
    ...(options.base ? { base: options.base } : {}),
    signedIn: raw.caller.user !== undefined,
    noStore: endpoint.cacheable !== true,
    logger: options.logger,
  });
  if (answer.stream) res.once('finish', record);
  else record();
}
