import { vi } from 'vitest';

/** A request the stubbed server received. */
export interface RecordedCall {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: unknown;
}

/**
 * The browser the api client runs in, for its unit tests: a local storage, a location, and a server
 * that answers each request with the next answer prepared by `answer` (none left fails the test).
 * Undone by `vi.unstubAllGlobals()`.
 */
export function stubBrowser(pathname: string) {
  const storage = new Map<string, string>();
  const location = { pathname, assign: vi.fn() };
  const calls: RecordedCall[] = [];
  const answers: Response[] = [];

  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  vi.stubGlobal('window', { location });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body });
    const next = answers.shift();
    if (!next) throw new Error(`no answer prepared for ${url}`);
    return next;
  });

  /** The next answer as it is; `answer` for a JSON one. */
  const answerWith = (response: Response): void => {
    answers.push(response);
  };
  const answer = (status: number, body?: unknown, headers: Record<string, string> = {}): void =>
    answerWith(
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json', ...headers },
      }),
    );
  return { storage, location, calls, answer, answerWith };
}

export type StubbedBrowser = ReturnType<typeof stubBrowser>;
