/**
 * Page views and ad beacons answered by the fast lane (fast-lane.ts): the same answers as their
 * Express routes, whatever the request. Each request is sent twice to the real site: as it is
 * (answered before Express) and with a query string (which the fast path leaves to Express,
 * whose routes ignore it), and the two answers must be the same, headers included.
 */
import { highVolumeCommands, highVolumeEndpoints } from '@cinefold/command-api';
import type { SlotAd } from '@cinefold/contracts';
import { AdDisplayIds, GroupCommit, processMetrics, readModelKeys } from '@cinefold/platform';
import { USERS } from '@cinefold/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laneBeforeStandIn } from './support/lane.js';
import { ADMIN, ADMIN_SETTINGS, useSite } from './support/site.js';

const site = useSite('fast-writes', {
  TRUST_PROXY: 'loopback',
  ...ADMIN_SETTINGS,
});

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let visitorCount = 0;
const nextAddress = () => `8.9.${(++visitorCount >> 8) & 255}.${visitorCount & 255}`;

interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;
}

/** Headers that differ between any two answers (the time, the connection, the write's position). */
const VARYING = new Set(['date', 'connection', 'keep-alive', 'x-event-position', 'retry-after']);

/** A served ad of the slot `position` (made by the admin), and the ad as the slot's answer gives it. */
async function servedAd(position: string): Promise<{ id: string; issued: () => Promise<string> }> {
  const token = await site.signIn(ADMIN);
  const created = await fetch(`${site.url}/api/admin/ads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Sale', imageUrl: 'https://ads.example/a.png', position }),
  });
  const { id } = (await created.json()) as { id: string };
  // The admin's own read waits for the change: the slot serves the ad after it.
  await fetch(`${site.url}/api/admin/ads`, { headers: { authorization: `Bearer ${token}` } });
  const issued = async () => {
    const slot = (await (await fetch(`${site.url}/api/ads?position=${position}`)).json()) as SlotAd[];
    return slot.find((ad) => ad.id === id)!.displayId;
  };
  return { id, issued };
}

async function send(
  base: string,
  path: string,
  {
    body,
    raw,
    ip = nextAddress(),
    headers = {},
  }: { body?: unknown; raw?: string | Uint8Array; ip?: string; headers?: Record<string, string> } = {},
): Promise<Answer & { position: string | null; retryAfter: string | null }> {
  // No body at all (no content type either) when neither is given: the spec's beacon.
  const sent = raw ?? (body === undefined ? undefined : JSON.stringify(body));
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      ...(sent === undefined ? {} : { 'content-type': 'application/json' }),
      'user-agent': CHROME,
      'x-forwarded-for': ip,
      ...headers,
    },
    ...(sent === undefined ? {} : { body: sent }),
  });
  const text = await response.text();
  const kept: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!VARYING.has(name)) kept[name] = value;
  });
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as unknown) : null,
    headers: kept,
    position: response.headers.get('x-event-position'),
    retryAfter: response.headers.get('retry-after'),
  };
}

/** The request answered before Express, and by Express: they must be the same. */
async function bothWays(path: string, options: Parameters<typeof send>[2] = {}): Promise<Answer> {
  const fast = await send(site.url, path, options);
  const express = await send(site.url, `${path}?via=express`, options);
  expect(fast.status).toBe(express.status);
  expect(fast.body).toEqual(express.body);
  expect(fast.headers).toEqual(express.headers);
  expect(fast.position === null).toBe(express.position === null);
  expect(fast.retryAfter === null).toBe(express.retryAfter === null);
  return fast;
}

describe('page views answered before Express', () => {
  it('records a guest’s view with the same answer and the security headers, and not the store’s position', async () => {
    const fast = await send(site.url, '/api/analytics/track', {
      body: { path: '/movies/603', referrer: null },
    });
    const express = await send(site.url, '/api/analytics/track?via=express', {
      body: { path: '/movies/603' },
    });
    expect([fast.position, express.position]).toEqual([null, null]);
    const answer = await bothWays('/api/analytics/track', { body: { path: '/movies/603', referrer: null } });
    expect(answer.status).toBe(204);
    expect(answer.headers).toMatchObject({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': expect.stringContaining("default-src 'self'"),
    });
  });

  it('answers a member’s view with its position, for them to read the dashboard after it', async () => {
    const token = await site.signIn(ADMIN);
    const answer = await send(site.url, '/api/analytics/track', {
      body: { path: '/movies' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(204);
    expect(answer.position).toMatch(/^\d/);
  });

  it('drops the views of bots and of the back office with the same 204', async () => {
    await bothWays('/api/analytics/track', {
      body: { path: '/movies' },
      headers: { 'user-agent': GOOGLEBOT },
    });
    await bothWays('/api/analytics/track', { body: { path: '/admin/users' } });
  });

  it.each([
    ['a body that is not JSON', { raw: '{"path": "/' }, 400, 'The request body is not valid JSON.'],
    [
      'JSON that is not an object or a list',
      { raw: '"/movies"' },
      400,
      'The request body is not valid JSON.',
    ],
    ['an empty body', { raw: '' }, 400, 'path is required.'],
    ['a body of spaces', { raw: ' \n\t ' }, 400, 'The request body is not valid JSON.'],
    ['a number after spaces', { raw: ' 42' }, 400, 'The request body is not valid JSON.'],
    ['a list', { body: [{ path: '/' }] }, 400, 'The request body must be a JSON object.'],
    ['an unknown field', { body: { path: '/', ip: '1.2.3.4' } }, 400, 'Unknown field in body: ip.'],
    [
      'a path too long',
      { body: { path: `/${'a'.repeat(2000)}` } },
      400,
      'path must be at most 2000 characters.',
    ],
    [
      'a body over 100 kB',
      { body: { path: '/', referrer: 'x'.repeat(110_000) } },
      413,
      'The request body is too large.',
    ],
  ])('refuses %s as Express does', async (_case, options, status, message) => {
    const answer = await bothWays('/api/analytics/track', options);
    expect(answer).toMatchObject({ status, body: { message } });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('reads a body that starts with a byte order mark or spaces, as the body parser does', async () => {
    const json = new TextEncoder().encode(JSON.stringify({ path: '/tv-shows' }));
    const raw = new Uint8Array([0xef, 0xbb, 0xbf, ...json]);
    expect((await bothWays('/api/analytics/track', { raw })).status).toBe(204);
    const spaced = `\r\n\t ${JSON.stringify({ path: '/movies' })}`;
    expect((await bothWays('/api/analytics/track', { raw: spaced })).status).toBe(204);
  });

  it('answers 429 past the limit with the same message and Retry-After, counted together with Express', async () => {
    const ip = '203.0.113.9';
    // The limit's windows are whole minutes of the clock, the last one's count fading through the
    // next: a burst across a minute's end would see places free up as the earlier part fades. So
    // the burst starts early in a minute.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 200));
    const replies = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        send(site.url, i % 2 ? '/api/analytics/track' : '/api/analytics/track?via=express', {
          ip,
          body: { path: '/' },
          headers: { 'user-agent': GOOGLEBOT },
        }),
      ),
    );
    expect(replies.every((r) => r.status === 204)).toBe(true);
    await Promise.all(
      Array.from({ length: 300 }, () =>
        send(site.url, '/api/analytics/track', {
          ip,
          body: { path: '/' },
          headers: { 'user-agent': GOOGLEBOT },
        }),
      ),
    );
    const answer = await bothWays('/api/analytics/track', {
      ip,
      body: { path: '/' },
      headers: { 'user-agent': GOOGLEBOT },
    });
    expect(answer).toMatchObject({
      status: 429,
      body: { message: 'Too many page views from your network. Please slow down.' },
    });
    const again = await send(site.url, '/api/analytics/track', { ip, body: { path: '/' } });
    expect(again.retryAfter).toMatch(/^[1-9]\d*$/);
    // Another network is not slowed down.
    expect((await send(site.url, '/api/analytics/track', { body: { path: '/' } })).status).toBe(204);
  }, 40_000);

  it('records each request in the metrics under its route, or unmatched when its body was refused', async () => {
    const count = async (route: string, status: number) => {
      const metric = await processMetrics.httpDuration.get();
      const found = metric.values.find(
        (v) =>
          v.metricName === 'http_request_duration_seconds_count' &&
          v.labels.route === route &&
          v.labels.method === 'POST' &&
          v.labels.status_code === String(status),
      );
      return found?.value ?? 0;
    };
    const views = await count('/api/analytics/track', 204);
    const unparsed = await count('(unmatched)', 400);
    const beacons = await count('/api/ads/:id/click', 404);
    await send(site.url, '/api/analytics/track', { body: { path: '/' } });
    await send(site.url, '/api/analytics/track', { raw: '{' });
    await send(site.url, '/api/ads/no-such-ad/click');
    expect(await count('/api/analytics/track', 204)).toBe(views + 1);
    expect(await count('(unmatched)', 400)).toBe(unparsed + 1);
    expect(await count('/api/ads/:id/click', 404)).toBe(beacons + 1);
  });
});

describe('ad beacons answered before Express', () => {
  const kinds = ['impression', 'viewable-impression', 'click'];

  it('counts the spec’s beacon, with no body, and one with an empty body, as Express does, without the store’s position', async () => {
    const { id, issued } = await servedAd('home-mid');
    const headers = { 'content-type': 'application/json' };
    for (const kind of kinds) {
      for (const options of [{}, { raw: '', headers }, { body: {} }, { body: { displayId: null } }]) {
        const answer = await bothWays(`/api/ads/${id}/${kind}`, options);
        expect(answer.status, `${kind} ${JSON.stringify(options)}`).toBe(204);
      }
      const fast = await send(site.url, `/api/ads/${id}/${kind}`);
      const express = await send(site.url, `/api/ads/${id}/${kind}?via=express`);
      expect([fast.position, express.position]).toEqual([null, null]);
    }
    const answer = await bothWays(`/api/ads/${id}/impression`, { body: { displayId: await issued() } });
    expect(answer.status).toBe(204);
  });

  it.each([
    ['an ad that does not exist', 'no-such-ad', undefined, 404, 'Ad not found'],
    ['an id that is not an ad id', 'not_an_id!', undefined, 400, 'id is not an ad id.'],
    [
      'a display id not of the form GET /ads gives',
      'no-such-ad',
      { displayId: 'display-0001' },
      400,
      'displayId must be a display id given by GET /ads.',
    ],
  ])('refuses %s as Express does', async (_case, id, body, status, message) => {
    for (const kind of kinds) {
      const answer = await bothWays(`/api/ads/${id}/${kind}`, body === undefined ? {} : { body });
      expect(answer).toMatchObject({ status, body: { message } });
    }
  });

  it('refuses a display id GET /ads did not give for the ad, as Express does', async () => {
    const { id, issued } = await servedAd('tv-top');
    const other = await servedAd('movies-top');
    const made = 'A'.repeat(32);
    // Its own display id with the last character changed (to one it did not have: 1 in 64 ends in A).
    const given = await issued();
    const altered = `${given.slice(0, 31)}${given.endsWith('A') ? 'B' : 'A'}`;
    for (const displayId of [made, await other.issued(), altered]) {
      for (const kind of kinds) {
        const answer = await bothWays(`/api/ads/${id}/${kind}`, { body: { displayId } });
        expect(answer).toMatchObject({
          status: 400,
          body: { message: 'displayId was not given by GET /ads for this ad.' },
        });
      }
    }
  });

  it('refuses bad JSON and an oversized body as Express does', async () => {
    expect((await bothWays('/api/ads/some-ad/impression', { raw: '{displayId' })).status).toBe(400);
    expect(
      (await bothWays('/api/ads/some-ad/impression', { body: { displayId: 'x'.repeat(200_000) } })).status,
    ).toBe(413);
  });
});

describe('what the fast path leaves to Express', () => {
  let lane: Awaited<ReturnType<typeof laneBeforeStandIn>>;
  let base = '';
  let serving = true;

  beforeAll(async () => {
    const commit = new GroupCommit(site.running.store!);
    const commands = highVolumeCommands({
      redis: site.client(),
      pageViews: commit,
      beacons: commit,
      siteTimeZone: 'UTC',
      displayIds: new AdDisplayIds('a secret of the stand-in site, 32+ characters'),
    });
    lane = await laneBeforeStandIn({
      endpoints: highVolumeEndpoints(commands),
      serving: () => serving,
      headers: {},
      trust: (address) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1',
    });
    base = lane.base;
  });
  afterAll(() => lane.close());

  const view = { body: { path: '/movies' } };

  it('answers the usual page views and beacons itself', async () => {
    expect((await send(base, '/api/analytics/track', view)).status).toBe(204);
    const charset = { ...view, headers: { 'content-type': 'application/json; charset=UTF-8' } };
    expect((await send(base, '/api/analytics/track', charset)).status).toBe(204);
    expect((await send(base, '/api/ads/no-such-ad/click', { body: {} })).status).toBe(404);
    expect((await send(base, '/api/ads/no-such-ad/click')).status).toBe(404);
  });

  it.each([
    ['a query string', '/api/analytics/track?x=1', view],
    ['a trailing slash', '/api/analytics/track/', view],
    ['another content type', '/api/analytics/track', { ...view, headers: { 'content-type': 'text/plain' } }],
    [
      'another charset',
      '/api/analytics/track',
      { ...view, headers: { 'content-type': 'application/json; charset=latin1' } },
    ],
    ['a compressed body', '/api/analytics/track', { ...view, headers: { 'content-encoding': 'gzip' } }],
    ['a beacon from a member', '/api/ads/some-ad/click', { headers: { authorization: 'Bearer x' } }],
    [
      'a page view from a member',
      '/api/analytics/track',
      { ...view, headers: { authorization: 'Bearer x' } },
    ],
    [
      'a beacon of another type',
      '/api/ads/some-ad/click',
      { raw: '{}', headers: { 'content-type': 'text/plain' } },
    ],
    ['a page view with no body', '/api/analytics/track', {}],
    ['an encoded ad id', '/api/ads/some%2Dad/click', {}],
    ['another beacon', '/api/ads/some-ad/hover', {}],
  ])('leaves %s to Express', async (_case, path, options) => {
    expect((await send(base, path, options)).status).toBe(299);
  });

  it('leaves a chunked body and other methods to Express', async () => {
    const chunked = await fetch(`${base}/api/analytics/track`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob(['{"path":"/"}']).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(299);
    expect((await fetch(`${base}/api/analytics/track`)).status).toBe(299);
  });

  it('leaves everything to Express while the site is not serving ("starting")', async () => {
    serving = false;
    try {
      expect((await send(base, '/api/analytics/track', view)).status).toBe(299);
    } finally {
      serving = true;
    }
  });
});

describe('a site building its read models', () => {
  it('answers page views and beacons "starting", as Express does, then records them again', async () => {
    await site.register({ name: 'Ann', email: 'ann@example.com', password: 'ann-password-1' });
    const redis = site.client();
    let generation: string | null = null;
    let checkpoint: string | null = null;
    for (let i = 0; checkpoint === null && i < 200; i++) {
      generation = await redis.get(readModelKeys.active(USERS.projector));
      checkpoint =
        generation === null
          ? null
          : await redis.get(readModelKeys.checkpoint(USERS.projector, Number(generation)));
      if (checkpoint === null) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // As if the users read model were being built from nothing, with more of the log to go.
    const target = readModelKeys.target(USERS.projector, Number(generation));
    await redis.set(target, String(Number(checkpoint!.split('.')[0]) * 4));
    try {
      let answer = await send(site.url, '/api/analytics/track', { body: { path: '/' } });
      for (let i = 0; answer.status === 204 && i < 100; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20)); // the gate polls every half second
        answer = await send(site.url, '/api/analytics/track', { body: { path: '/' } });
      }
      expect(answer).toMatchObject({ status: 503, body: { starting: { phase: 'building' } } });
      const beacon = await send(site.url, '/api/ads/some-ad/impression');
      expect(beacon.status).toBe(503);
    } finally {
      await redis.del(target);
    }
    let after = await send(site.url, '/api/analytics/track', { body: { path: '/' } });
    for (let i = 0; after.status === 503 && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await send(site.url, '/api/analytics/track', { body: { path: '/' } });
    }
    expect(after.status).toBe(204);
  });
});
