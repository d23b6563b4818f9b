/**
 * Errors leave the server as `{ "message": "..." }` with the status that says whose fault it
 * was. Handlers throw `HttpError`s (or let zod and body-parser errors through); `errorAnswer`
 * maps everything, and only a genuine server fault becomes a 500, with no stack trace sent. The
 * hosts write what it says (`serveEndpoint`, and Express's `errorHandler` in express-host.ts).
 */
import { WrongExpectedVersionError } from '../event-store/port.js';
import type { Logger } from '../logging/logger.js';

export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    /** Headers the refusal goes out with (a 503's Retry-After). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message = 'Too many requests. Please wait a moment and try again.') =>
  new HttpError(429, message);

/**
 * A command refused for a business reason (a rule, a missing thing): deciders throw it without
 * knowing about HTTP; the error handler turns its kind into a status.
 */
export class Rejection extends Error {
  override readonly name = 'Rejection';
  constructor(
    readonly kind: 'conflict' | 'not-found' | 'forbidden' | 'invalid' | 'unauthorized',
    message: string,
  ) {
    super(message);
  }
}
const REJECTION_STATUS: Record<Rejection['kind'], number> = {
  conflict: 409,
  'not-found': 404,
  forbidden: 403,
  invalid: 400,
  unauthorized: 401,
};

/** body-parser and friends mark client faults with `status`/`type`; these become readable messages. */
function clientFault(error: unknown): HttpError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, type } = error as { status?: unknown; type?: unknown };
  if (type === 'entity.parse.failed') return badRequest('The request body is not valid JSON.');
  if (type === 'entity.too.large') return new HttpError(413, 'The request body is too large.');
  if (type === 'encoding.unsupported' || type === 'charset.unsupported')
    return new HttpError(415, 'The request body encoding is not supported.');
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new HttpError(status, 'The request could not be understood.');
  }
  return null;
}

/**
 * ioredis gives up on a command after its retries while the server is down
 * (`MaxRetriesPerRequestError`) or when its connection is closed under it.
 */
function isRedisUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    error.message === 'Connection is closed.' ||
    /\b(ECONNREFUSED|ECONNRESET)\b/.test(error.message)
  );
}

/**
 * The status and message `error` is answered with, a genuine failure being logged: for every
 * host (an endpoint's run, Express's error handler, the gateway's pre-Express path).
 */
export function errorAnswer(
  error: unknown,
  logger: Logger,
  request: { readonly method: string; readonly path: string },
): { status: number; message: string } {
  if (error instanceof HttpError) return { status: error.status, message: error.message };
  if (error instanceof Rejection) return { status: REJECTION_STATUS[error.kind], message: error.message };
  if (error instanceof WrongExpectedVersionError)
    return { status: 409, message: 'Someone else changed this at the same time. Please try again.' };
  if (isRedisUnreachable(error)) {
    // Redis restarting or gone: nothing was written (writes go to the event store after their
    // reads), and the client may try again in a moment. Logged once a request, without a stack.
    logger.warn('redis unreachable', { ...request, error: (error as Error).message });
    return { status: 503, message: 'Cinefold cannot reach its data for a moment. Please try again shortly.' };
  }
  const fault = clientFault(error);
  if (fault) return { status: fault.status, message: fault.message };
  logger.error('request failed', { ...request, error, stack: (error as Error)?.stack });
  return { status: 500, message: 'Something went wrong on our side. Please try again.' };
}
