import { datasetUploadForm, EVENT_POSITION_HEADER } from '@cinefold/contracts';

/**
 * What the site answered to one call, its JSON body read (null when it had none). It compares as
 * `{ status, body }` (`toEqual`): its headers and position are there to be read, not compared.
 */
export interface ApiReply<T> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
  /** The body as sent (a CSV, say, whose `body` is null). */
  readonly text: string;
  /** The position of the call's write, for a later read that must see it (members only). */
  readonly position: string | null;
}

export interface ApiCallOptions {
  /** Sent as a bearer token. */
  readonly token?: string | null;
  /** Sent as JSON. */
  readonly body?: unknown;
  /** Sent as multipart form data (a file), instead of a JSON body. */
  readonly form?: FormData;
  /** The client's address, as a proxy on this machine names it (X-Forwarded-For). */
  readonly ip?: string;
  /** A position the read must have seen (the read-your-writes header). */
  readonly after?: string | null;
}

/** One call of the site's API at `base` (`path` after `/api`), sent as the site's own pages send it. */
export async function callApi<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  { token, body, form, ip, after }: ApiCallOptions = {},
): Promise<ApiReply<T>> {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(ip ? { 'x-forwarded-for': ip } : {}),
      ...(after ? { [EVENT_POSITION_HEADER]: after } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(form ? { body: form } : {}),
  });
  const text = await response.text();
  const reply = { status: response.status, body: json(text) as T };
  return Object.defineProperties(reply, {
    headers: { value: response.headers, enumerable: false },
    text: { value: text, enumerable: false },
    position: { value: response.headers.get(EVENT_POSITION_HEADER), enumerable: false },
  }) as ApiReply<T>;
}

function json(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** A CSV of titles appended through the admin upload, as the back office sends it. */
export function uploadTitles(
  siteUrl: string,
  token: string,
  type: 'movie' | 'tv',
  csv: string | Uint8Array<ArrayBuffer>,
): Promise<Response> {
  return fetch(`${siteUrl}/api/admin/datasets/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: datasetUploadForm(new Blob([csv]), 'titles.csv', { type }),
  });
}
