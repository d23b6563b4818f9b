import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { connectRedis, readModelKeys, slotOf } from '@cinefold/platform';
import { clusterUnsupported, type LocalRedisCluster, startLocalCluster } from '@cinefold/platform/testing';
import { CATALOGUE, TRAFFIC, USERS } from '@cinefold/read-models';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadTitles } from './support/api.js';
import { IMAGE_AD } from './support/ads.js';
import { ADMIN, ADMIN_SETTINGS, useSite } from './support/site.js';
import { compiledProgram } from '../../scripts/service.mjs';

// The whole site on a private 3-master Redis Cluster (REDIS_CLUSTER_NODES): a catalogue imported,
// then every read model exercised through the API, and `npm run verify` run against it.
const unsupported = clusterUnsupported();
if (unsupported) process.stdout.write(`redis-cluster.test: skipped, ${unsupported}\n`);

const SAMPLE = '../shared/data/tmdb-movies-91-crlf-damaged.csv';

describe.skipIf(unsupported !== null)('the site on a Redis Cluster', () => {
  let cluster: LocalRedisCluster | undefined;
  // Registered before the site's hooks: started first, stopped after the site.
  beforeAll(async () => {
    cluster = await startLocalCluster();
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  const site = useSite('redis-cluster', { ...ADMIN_SETTINGS }, 'all', {
    beforeStart: async () => ({ REDIS_URL: cluster!.passwordUrl, REDIS_CLUSTER_NODES: cluster!.nodes }),
  });
  let admin = '';

  async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(`${site.url}/api${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** A client of each master, to see where keys went. */
  const masters: Redis[] = [];
  beforeAll(async () => {
    for (const master of cluster!.masters) masters.push(new Redis(master.url, { maxRetriesPerRequest: 0 }));
    admin = await site.signIn(ADMIN);
    const imported = await uploadTitles(site.url, admin, 'movie', readFileSync(SAMPLE));
    expect(imported.status).toBe(200);
  }, 60_000);
  afterAll(() => {
    for (const master of masters) master.disconnect();
  });

  it('spreads the read models over the masters, each one whole on one node', async () => {
    const owners = new Map<string, number>();
    for (const projector of [CATALOGUE.projector, USERS.projector, TRAFFIC.projector, 'libraries', 'ads']) {
      const counts = await Promise.all(masters.map(async (m) => (await m.keys(`{${projector}}:*`)).length));
      // Every key of a projector lies on one master: the one that owns its hash tag's slot.
      expect(counts.filter((n) => n > 0)).toHaveLength(1);
      owners.set(
        projector,
        counts.findIndex((n) => n > 0),
      );
      expect(slotOf(readModelKeys.active(projector))).toBe(slotOf(readModelKeys.key(projector, 7, 'x')));
    }
    expect(new Set(owners.values()).size).toBeGreaterThan(1);
  });

  it('serves listings, filtered listings and search', async () => {
    const all = await call<{ movies: { id: number; title: string }[]; total: number }>(
      'GET',
      '/movies?limit=5',
    );
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(91);
    const genre = await call<{ total: number }>('GET', '/movies?genre=drama&limit=5');
    expect(genre.status).toBe(200);
    expect(genre.body.total).toBeGreaterThan(0);
    expect(genre.body.total).toBeLessThan(91);
    const word = all.body.movies[0]!.title.split(' ')[0]!;
    const found = await call<{ movies: { title: string }[]; total: number }>(
      'GET',
      `/movies?search=${encodeURIComponent(word)}&limit=5`,
    );
    expect(found.status).toBe(200);
    expect(found.body.movies.map((m) => m.title)).toContain(all.body.movies[0]!.title);
  });

  it("keeps a member's lists, read after their own writes", async () => {
    const registered = await call<{ token: string }>('POST', '/auth/register', {
      body: { name: 'Clu Ster', email: 'cluster@example.com', password: 'a-long-password' },
    });
    expect(registered.status).toBe(201);
    const { token } = registered.body;
    const added = await call('POST', '/user/favorites', {
      token,
      body: { contentId: 100, contentType: 'movie', title: 'Alien', poster: null },
    });
    expect(added.status).toBe(201);
    const read = await call<{ title: string }[]>('GET', '/user/favorites', { token });
    expect(read.body.map((entry) => entry.title)).toEqual(['Alien']);
  });

  it('counts page views and shows them, with the ads and the users, on the dashboard', async () => {
    const listed = await call<{ movies: { id: number }[] }>('GET', '/movies?limit=2');
    const [first, second] = listed.body.movies.map((m) => m.id);
    for (const [path, times] of [
      [`/movies/${first}`, 3],
      [`/movies/${second}`, 1],
    ] as const) {
      for (let i = 0; i < times; i++) {
        const viewed = await call('POST', '/analytics/track', {
          token: admin,
          body: { path, referrer: null },
          headers: {
            'x-forwarded-for': `8.8.8.${i + 1}`,
            'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
          },
        });
        expect(viewed.status).toBe(204);
      }
    }
    const ad = await call<{ id: string }>('POST', '/admin/ads', {
      token: admin,
      body: IMAGE_AD,
    });
    expect(ad.status).toBe(201);
    await expect
      .poll(async () =>
        (await call<{ title: string }[]>('GET', '/ads?position=home-hero')).body.map((a) => a.title),
      )
      .toEqual(['Spring sale']);
    await expect
      .poll(async () => {
        const stats = await call<{
          overview: { totalUsers: number; totalMovies: number; totalViews: number };
          topMovies: { id: number; views: number }[];
        }>('GET', '/admin/stats', { token: admin });
        expect(stats.status).toBe(200);
        return {
          users: stats.body.overview.totalUsers,
          movies: stats.body.overview.totalMovies,
          views: stats.body.overview.totalViews,
          top: stats.body.topMovies.map((m) => [m.id, m.views]),
        };
      })
      .toEqual({
        users: 2,
        movies: 91,
        views: 4,
        top: [
          [first, 3],
          [second, 1],
        ],
      });
    const summary = await call('GET', '/analytics/admin/summary', { token: admin });
    expect(summary.status).toBe(200);
  });

  it('answers the operator console and health', async () => {
    const operations = await call<{ projectors: { name: string; generation: number | null }[] }>(
      'GET',
      '/admin/operations',
      { token: admin },
    );
    expect(operations.status).toBe(200);
    expect(operations.body.projectors.every((p) => p.generation !== null)).toBe(true);
    const health = await call<{ redis: { ok: boolean } }>('GET', '/health');
    expect(health.status).toBe(200);
  });

  it('passes npm run verify: every read model equals its replay', async () => {
    const redis = connectRedis(cluster!.url, { name: 'test' });
    try {
      // The projectors are idle once the last write is read back; verify compares at a standing checkpoint.
      expect(await redis.get(readModelKeys.active(CATALOGUE.projector))).not.toBeNull();
    } finally {
      redis.disconnect();
    }
    const { stdout } = await promisify(execFile)(
      process.execPath,
      compiledProgram('projectors', ['verify']),
      {
        env: {
          ...process.env,
          DATA_DIR: site.dataDir,
          REDIS_URL: cluster!.passwordUrl,
          REDIS_CLUSTER_NODES: cluster!.nodes,
          LOG_LEVEL: 'error',
        },
      },
    );
    const rows = stdout.split('\n').filter((line) => /\s(equal|different|moved)$/.test(line));
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row).toMatch(/\sequal$/);
  }, 60_000);
});
