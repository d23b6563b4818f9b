import { EVENT_POSITION_HEADER, href, isNewerPosition, READ_MODEL_BEHIND_HEADER } from '@cinefold/contracts';
import { noteStartingAnswer } from './site-starting';

export const API_BASE_PATH = '/api';
export const TOKEN_STORAGE_KEY = 'token';
export const USER_STORAGE_KEY = 'user';

/**
 * A non-2xx answer. `message` is always readable; `serverMessage` is the server's own
 * `{ "message" }` text, kept apart because screens show it verbatim and fall back to their own
 * wording when the server sent none.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
    /** The whole JSON error body, for the few screens that show more than the message. */
    readonly body: unknown = undefined,
  ) {
    super(serverMessage ?? statusMessage(status));
  }
}

/** A failure's words when the server sent none (a proxy's error page, a crashed upstream). */
export function statusMessage(status: number): string {
  if (status === 403) return 'You do not have permission to do that.';
  if (status === 404) return 'This could not be found. It may have been removed.';
  if (status === 413) return 'The file is too large for the server.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return 'The server could not do this just now. Please try again in a moment.';
  return 'The request could not be completed. Please try again.';
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

export interface ApiRequestOptions {
  readonly method?: HttpMethod;
  /** Null and undefined values are left out of the query string. */
  readonly query?: QueryParams;
  /** A `FormData` is sent as multipart; anything else is sent as JSON. */
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  /**
   * The start-up `/auth/me` check clears a stale token silently instead of sending the visitor
   * to the sign-in page (spec section 4), so it turns the redirect off.
   */
  readonly redirectOnUnauthorized?: boolean;
}

/** The newest event position any answer carried; sent back on reads. */
let latestEventPosition: string | null = null;

/** Lets each test start as a browser that has written nothing yet. */
export function forgetEventPosition(): void {
  latestEventPosition = null;
}

function rememberEventPosition(response: Response): void {
  const position = response.headers.get(EVENT_POSITION_HEADER);
  if (position && isNewerPosition(position, latestEventPosition)) latestEventPosition = position;
}

/**
 * A screen's own words for a failure (the spec's alert texts), followed by the server's reason
 * when it sent one: "Failed to update user role. This is the last admin: …".
 */
export function failureWithReason(error: unknown, failure: string): string {
  return error instanceof ApiError && error.serverMessage ? `${failure}. ${error.serverMessage}` : failure;
}

/** What a screen shows for a failed call: the server's own words when it sent some, else its own. */
export function errorMessageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

function buildUrl(path: string, query: QueryParams | undefined): string {
  const url = `${API_BASE_PATH}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function buildHeaders(method: HttpMethod, body: unknown): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // The browser must write the multipart boundary itself, so FormData gets no content type.
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  if (method === 'GET' && latestEventPosition !== null)
    headers.set(EVENT_POSITION_HEADER, latestEventPosition);
  return headers;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

function signOutAndGoToLogin(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  localStorage.removeItem(USER_STORAGE_KEY);
  // A failed sign-in answers 401 too; reloading the sign-in page would wipe its error message.
  if (window.location.pathname !== href('login')) window.location.assign(href('login'));
}

async function readError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // Proxies and crashed upstreams answer with HTML or nothing; the status still says enough.
    return new ApiError(response.status, null);
  }
  const message =
    typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message || null
      : null;
  await noteStartingAnswer(response.status, body);
  return new ApiError(response.status, message, body);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/**
 * Calls the product's backend under `/api`. The caller states the answer's type `T`; nothing
 * checks it at run time, so parse with the contracts' schema where a wrong shape would hurt.
 */
/**
 * The pauses before a read the read models were behind on is asked again: each ask also waits up
 * to a second on the server, so a member's own write shows if the read models catch up within
 * about eight seconds (a site under heavy load).
 */
const BEHIND_PAUSES_MS = [300, 1000, 3000];

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const send = () =>
    fetch(buildUrl(path, options.query), {
      method,
      headers: buildHeaders(method, options.body),
      body: encodeBody(options.body),
      signal: options.signal,
    });
  let response = await send();
  // A read the read models were still behind on (a busy site) may not show the member's own
  // write yet: asked again after a pause, three times at most.
  for (const pause of BEHIND_PAUSES_MS) {
    if (method !== 'GET' || response.headers.get(READ_MODEL_BEHIND_HEADER) !== '1') break;
    await new Promise((resolve) => setTimeout(resolve, pause));
    response = await send();
  }
  rememberEventPosition(response);
  if (response.status === 401 && options.redirectOnUnauthorized !== false) signOutAndGoToLogin();
  if (!response.ok) throw await readError(response);
  return (await readBody(response)) as T;
}

type ReadOptions = Omit<ApiRequestOptions, 'method' | 'body'>;
type WriteOptions = Omit<ApiRequestOptions, 'method' | 'body' | 'query'>;

export const apiClient = {
  get: <T>(path: string, options?: ReadOptions) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: WriteOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: WriteOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: WriteOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: WriteOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
