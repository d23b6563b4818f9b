import { setTimeout } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { useSite } from './support/site.js';
import { type ApiCallOptions, callApi } from './support/api.js';

const site = useSite('member-limits', { ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'root-password-1' });

const call = async <T = Record<string, unknown>>(
  method: string,
  path: string,
  options: ApiCallOptions = {},
) => {
  const reply = await callApi<T>(site.url, method, path, options);
  return { ...reply, retryAfter: reply.headers.get('retry-after') };
};

let redis: ReturnType<typeof site.client> | undefined;
/** The minute of Redis's clock (the rate limit's) that it is now, and the ms left of it. */
async function minuteOfRedis(): Promise<{ index: number; left: number }> {
  const [seconds, micros] = await (redis ??= site.client()).time();
  const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  return { index: Math.floor(now / 60_000), left: 60_000 - (now % 60_000) };
}

let counter = 0;
async function signUp(): Promise<string> {
  const reply = await call<{ token: string }>('POST', '/auth/register', {
    body: { name: 'Member', email: `lists${++counter}@example.com`, password: 'secret-1' },
  });
  expect(reply.status).toBe(201);
  return reply.body.token;
}

const title = (id: number) => ({ contentId: id, contentType: 'movie', title: `Film ${id}`, poster: null });

describe("a member's list changes", () => {
  it('are refused with 429 past 120 a minute, counting every list and the watch history together', async () => {
    const token = await signUp();
    // The limit counts a minute of Redis's clock plus the minute before, weighted by how much of it
    // is still within the last 60 s: 120 changes that straddle a minute's edge are counted as
    // fewer than 120. So they are sent within one minute, begun with time enough for them.
    const window = await minuteOfRedis();
    if (window.left < 25_000) await setTimeout(window.left + 50);
    const started = (await minuteOfRedis()).index;
    for (let i = 1; i <= 100; i++) {
      expect((await call('POST', '/user/favorites', { token, body: title(i) })).status).toBe(201);
    }
    for (let i = 1; i <= 10; i++) {
      expect((await call('DELETE', `/user/favorites/${i}`, { token })).status).toBe(200);
    }
    for (let i = 1; i <= 10; i++) {
      expect((await call('POST', '/user/watch-history', { token, body: title(i) })).status).toBe(201);
    }
    const refused = await call<{ message: string }>('POST', '/user/watchlist', { token, body: title(1) });
    expect((await minuteOfRedis()).index, 'the 121 changes were sent within one minute').toBe(started);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: 'You are changing your lists very quickly. Please wait a minute and try again.',
    });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Reading is not limited, and another member is not slowed down.
    expect((await call('GET', '/user/favorites', { token })).status).toBe(200);
    const other = await signUp();
    expect((await call('POST', '/user/watchlist', { token: other, body: title(1) })).status).toBe(201);
  }, 60_000);
});

describe("a member's activity", () => {
  it('is read a page at a time, newest first, with the whole first page when no page is asked for', async () => {
    const token = await signUp();
    for (let i = 1; i <= 4; i++) await call('POST', '/user/favorites', { token, body: title(i) });
    await call('DELETE', '/user/favorites/1', { token });
    const page = async (query: string) =>
      (await call<{ action: string; title: string | null }[]>('GET', `/user/activity${query}`, { token }))
        .body;
    const text = (entries: { action: string; title: string | null }[]) =>
      entries.map((e) => `${e.action} ${e.title}`);
    expect(text(await page(''))).toEqual([
      'removed Film 1',
      'added Film 4',
      'added Film 3',
      'added Film 2',
      'added Film 1',
    ]);
    expect(text(await page('?limit=2'))).toEqual(['removed Film 1', 'added Film 4']);
    expect(text(await page('?page=2&limit=2'))).toEqual(['added Film 3', 'added Film 2']);
    expect(text(await page('?page=3&limit=2'))).toEqual(['added Film 1']);
    expect(await page('?page=4&limit=2')).toEqual([]);
  });

  it('explains a page or limit it cannot serve', async () => {
    const token = await signUp();
    const cases: [string, RegExp][] = [
      ['?limit=0', /limit must be at least 1/],
      ['?limit=101', /limit must be at most 100/],
      ['?page=x', /page must be a number/],
      ['?since=yesterday', /since/],
    ];
    for (const [query, message] of cases) {
      const reply = await call<{ message: string }>('GET', `/user/activity${query}`, { token });
      expect(reply.status, query).toBe(400);
      expect(reply.body.message).toMatch(message);
    }
  });
});
