import { type CinefoldEvent, streams } from '@cinefold/contracts';
import { createEventLog, siteDay } from '@cinefold/platform';
import { describe, expect, it } from 'vitest';
import { useSite } from './support/site.js';

const site = useSite('traffic-tracking', {
  // The tests play visitors at many addresses through X-Forwarded-For, as a proxy on this machine would.
  TRUST_PROXY: 'loopback',
  PUBLIC_URL: 'https://cinefold.example',
});

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let visitorCount = 0;
/** A new visitor's address each time unless given: the rate limit counts per network. */
const nextAddress = () => `8.8.${(++visitorCount >> 8) & 255}.${visitorCount & 255}`;

async function track(
  body: unknown,
  { userAgent = CHROME, ip = nextAddress(), raw }: { userAgent?: string; ip?: string; raw?: string } = {},
) {
  const response = await fetch(`${site.url}/api/analytics/track`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent, 'x-forwarded-for': ip },
    body: raw ?? JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as { message?: string }) : null };
}

async function todaysViews() {
  const log = createEventLog(site.running.store!);
  const stored = await log.readStream(streams.pageViews(siteDay('UTC')));
  return stored
    .map((e) => e.event)
    .filter((e): e is Extract<CinefoldEvent, { type: 'PageViewed' }> => e?.type === 'PageViewed');
}

describe('tracking a page view', () => {
  it('stores what the dashboard counts, derived on the server, in the day’s stream', async () => {
    const before = (await todaysViews()).length;
    const reply = await track(
      { path: '/movies/550?utm_source=reddit', referrer: 'https://www.google.com/' },
      { userAgent: IPHONE, ip: '8.8.8.8' },
    );
    expect(reply).toEqual({ status: 204, body: null });
    const views = await todaysViews();
    expect(views).toHaveLength(before + 1);
    expect(views.at(-1)).toEqual({
      type: 'PageViewed',
      data: {
        path: '/movies/550?utm_source=reddit',
        title: { type: 'movie', id: '550' },
        source: 'Reddit',
        device: 'mobile',
        country: 'US',
        visitor: expect.stringMatching(/^[\w-]{22}$/),
      },
    });
  });

  it('never stores the visitor’s address or browser', async () => {
    await track({ path: '/tv-shows/1399', referrer: 'https://cinefold.example/tv-shows' }, { ip: '1.1.1.1' });
    const stored = await site.running.store!.readStream(streams.pageViews(siteDay('UTC')));
    const last = stored.at(-1)!;
    const text = JSON.stringify({ data: last.data, metadata: last.metadata });
    expect(text).not.toContain('1.1.1.1');
    expect(text).not.toContain('Chrome');
    expect(last.metadata.actor).toBe('anonymous');
    expect((await todaysViews()).at(-1)?.data).toMatchObject({
      title: { type: 'tv', id: '1399' },
      source: 'Direct',
      device: 'desktop',
    });
  });

  it('keeps of a view only its time and an anonymous actor: no request id to correlate', async () => {
    await track({ path: '/movies' }, { userAgent: IPHONE });
    const stored = await site.running.store!.readStream(streams.pageViews(siteDay('UTC')));
    const last = stored.at(-1)!;
    expect(last.metadata).toEqual({
      occurredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      actor: 'anonymous',
      correlationId: last.id,
      causationId: null,
    });
  });

  it('counts one visitor for the same address and browser on the same day', async () => {
    await track({ path: '/' }, { ip: '9.9.9.9' });
    await track({ path: '/movies' }, { ip: '9.9.9.9' });
    await track({ path: '/movies' }, { ip: '9.9.9.10' });
    const [a, b, c] = (await todaysViews()).slice(-3).map((e) => e.data.visitor);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('accepts and drops the views of bots and of the back office', async () => {
    const before = (await todaysViews()).length;
    expect((await track({ path: '/movies' }, { userAgent: GOOGLEBOT })).status).toBe(204);
    expect((await track({ path: '/movies' }, { userAgent: '' })).status).toBe(204);
    expect((await track({ path: '/admin' })).status).toBe(204);
    expect((await track({ path: '/admin/users?page=2' })).status).toBe(204);
    expect(await todaysViews()).toHaveLength(before);
  });

  it.each([
    ['no path', { referrer: null }, 'path is required.'],
    ['a path of 5,000 characters', { path: `/${'a'.repeat(4999)}` }, 'path must be at most 2000 characters.'],
    ['a path that is not the site’s', { path: 'https://elsewhere.example/' }, 'path must start with /.'],
    ['a referrer that is not text', { path: '/', referrer: 42 }, 'referrer must be text.'],
    ['an unknown field', { path: '/', ip: '1.2.3.4' }, 'Unknown field in body: ip.'],
    ['a list instead of an object', [{ path: '/' }], 'The request body must be a JSON object.'],
  ])('refuses %s with 400 and a message', async (_case, body, message) => {
    expect(await track(body)).toEqual({ status: 400, body: { message } });
  });

  it('refuses a body that is not JSON with 400, never a server error', async () => {
    const reply = await track(null, { raw: '{"path": "/' });
    expect(reply.status).toBe(400);
    expect(reply.body?.message).toEqual(expect.any(String));
  });

  it('slows down one client flooding the site with 429, and not the others', async () => {
    const flooder = '203.0.113.7';
    // Bots' views are dropped after the limit has counted them: the flood costs the store nothing.
    const started = performance.now();
    const replies = await Promise.all(
      Array.from({ length: 650 }, () => track({ path: '/' }, { ip: flooder, userAgent: GOOGLEBOT })),
    );
    // 600 a minute, in a sliding window: a burst that runs over a minute's edge also gets what the
    // views counted in the minute before fade by while it goes on (600 a minute of its length).
    const fading = Math.ceil((600 * (performance.now() - started)) / 60_000);
    const accepted = replies.filter((r) => r.status === 204).length;
    expect(accepted).toBeGreaterThanOrEqual(600);
    expect(accepted).toBeLessThanOrEqual(600 + fading);
    const refused = replies.filter((r) => r.status === 429);
    expect(refused).toHaveLength(650 - accepted);
    expect(refused[0]!.body?.message).toBe('Too many page views from your network. Please slow down.');
    expect((await track({ path: '/' })).status).toBe(204);
  });
});
