/**
 * Guests' reads of hot endpoints answered by the fast lane (fast-lane.ts) when no kept answer is
 * there (the answer cache off, or a first ask): the same answers as Express gives, whatever the
 * request, and everything the lane does not take left to Express.
 */
import { readFileSync } from 'node:fs';
import { AsyncLocalStorage } from 'node:async_hooks';
import { endpoint, ok } from '@cinefold/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_URL_LENGTH } from '../src/app.js';
import { uploadTitles } from './support/api.js';
import { laneBeforeStandIn } from './support/lane.js';
import { ADMIN, ADMIN_SETTINGS, useSite } from './support/site.js';

const SAMPLE = '../shared/data/tmdb-movies-2631.csv';
const site = useSite('fast-reads', {
  ...ADMIN_SETTINGS,
  UPLOAD_MAX_BYTES: String(8 * 1024 * 1024),
  QUERY_CACHE_MS: '0',
});

/** Headers that differ between any two answers. */
const VARYING = new Set(['date', 'connection', 'keep-alive']);

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${site.url}${path}`, { headers });
  const kept: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!VARYING.has(name)) kept[name] = value;
  });
  return { status: response.status, body: await response.text(), headers: kept };
}

describe('a guest’s read answered before Express, the cache off', () => {
  beforeAll(async () => {
    const admin = await site.signIn(ADMIN);
    const response = await uploadTitles(site.url, admin, 'movie', readFileSync(SAMPLE));
    expect(((await response.json()) as { processed: number }).processed).toBe(2630);
  }, 120_000);

  // Express's routing takes a trailing slash as the same route; the lane leaves it to Express.
  it.each([
    '/api/movies?page=2&sortBy=rating',
    '/api/movies?genre=Action&genre=Drama',
    '/api/movies?search=godfater',
    '/api/movies?page=abc',
    '/api/search/suggestions?q=star%20w&limit=3',
    '/api/search/suggestions?q=',
    '/api/movies/27205',
    '/api/movies/0',
    '/api/home',
  ])('answers %s as Express does, headers included', async (path) => {
    const mark = path.indexOf('?');
    const viaExpress = mark === -1 ? `${path}/` : `${path.slice(0, mark)}/${path.slice(mark)}`;
    // The answer writer speaks br and gzip (a client that takes deflate alone gets the bytes as they
    // are, where Express's compression middleware would deflate them: both are HTTP's).
    for (const encoding of ['identity', 'gzip', 'br', 'gzip, deflate, br']) {
      const lane = await get(path, { 'accept-encoding': encoding });
      const express = await get(viaExpress, { 'accept-encoding': encoding });
      expect(lane.status).toBe(express.status);
      expect(lane.body).toBe(express.body);
      expect(lane.headers).toEqual(express.headers);
    }
  });
});

describe('what the lane leaves to Express, and how it reads', () => {
  let lane: Awaited<ReturnType<typeof laneBeforeStandIn>>;
  let base = '';
  let serving = true;
  const scope = new AsyncLocalStorage<string>();

  beforeAll(async () => {
    const echo = endpoint({
      method: 'GET',
      path: '/api/echo/:id',
      schemas: {
        params: z.object({ id: z.string() }),
        query: z.object({ a: z.union([z.string(), z.array(z.string())]).optional() }),
      },
      access: 'anyone',
      hot: true,
      handle: ({ params, query, address, caller }) =>
        ok({ params, query, address, guest: caller.user === undefined, scope: scope.getStore() ?? null }),
    });
    lane = await laneBeforeStandIn({
      endpoints: [echo],
      serving: () => serving,
      headers: { 'x-security': 'on' },
      trust: () => false,
      readScope: (work) => scope.run('the read scope', work),
    });
    base = lane.base;
  });
  afterAll(() => lane.close());

  it('serves a guest’s GET itself: parameters, the query as Express parses it, the address, inside the read scope', async () => {
    const response = await fetch(`${base}/api/echo/7?a=1&a=2`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-security')).toBe('on');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      params: { id: '7' },
      query: { a: ['1', '2'] },
      address: expect.stringMatching(/127\.0\.0\.1$/) as unknown,
      guest: true,
      scope: 'the read scope',
    });
    const refused = await fetch(`${base}/api/echo/7?a[b]=1`);
    expect(refused.status).toBe(200); // "simple" parsing: the key is `a[b]`, not an object
    expect(((await refused.json()) as { query: unknown }).query).toEqual({});
  });

  it.each([
    ['a member’s request', '/api/echo/7', { authorization: 'Bearer x' }],
    ['a trailing slash', '/api/echo/7/', {}],
    ['an encoded parameter', '/api/echo/%37', {}],
    ['another path', '/api/echo', {}],
    ['an address past the site’s bounds', `/api/echo/7?a=${'x'.repeat(MAX_URL_LENGTH)}`, {}],
  ])('leaves %s to Express', async (_case, path, headers) => {
    expect((await fetch(`${base}${path}`, { headers })).status).toBe(299);
  });

  it('leaves everything to Express while the site is not serving ("starting")', async () => {
    serving = false;
    try {
      expect((await fetch(`${base}/api/echo/7`)).status).toBe(299);
    } finally {
      serving = true;
    }
  });
});
