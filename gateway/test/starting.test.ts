import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startingMessage } from '@cinefold/contracts';
import {
  createLogger,
  freePort,
  type LocalRedis,
  loadConfig,
  localRedisDir,
  readModelKeys,
  startLocalRedis,
} from '@cinefold/platform';
import { makeTempDir } from '@cinefold/platform/testing';
import { USERS } from '@cinefold/read-models';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningSite, startSite } from '../src/site.js';

const dir = makeTempDir('starting');
const frontendDir = join(dir.path, 'dist');
mkdirSync(frontendDir, { recursive: true });
writeFileSync(join(frontendDir, 'index.html'), '<!doctype html><div id="root"></div>');
const sites: RunningSite[] = [];
const redisServers: LocalRedis[] = [];
afterAll(async () => {
  for (const site of sites) await site.stop();
  for (const server of redisServers) await server.stop();
  dir.remove();
});

async function json(url: string) {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Fills the private Redis of `dataDir` with `keys` keys kept in its snapshot, and stops it. */
async function fillRedis(dataDir: string, keys: number): Promise<void> {
  const server = await startLocalRedis({ dataDir: localRedisDir(dataDir) });
  const redis = new Redis(server.url);
  for (let from = 0; from < keys; from += 10_000) {
    const batch = redis.pipeline();
    for (let i = from; i < Math.min(keys, from + 10_000); i++) batch.set(`filler:${i}`, String(i));
    await batch.exec();
  }
  await redis.bgrewriteaof();
  while (!/aof_rewrite_in_progress:0/.test(await redis.info('persistence'))) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  redis.disconnect();
  await server.stop();
}

describe('a site that is starting', () => {
  it('serves its pages and says "starting", with how far Redis has loaded, until it can answer', async () => {
    const dataDir = join(dir.path, 'loading');
    await fillRedis(dataDir, 40_000);
    const port = await freePort();
    const config = loadConfig({ SEED_DEMO: '0', DATA_DIR: dataDir, LOG_LEVEL: 'error', REDIS_URL: '' });
    // 40,000 keys at 100 µs each: Redis needs a few seconds to load them.
    const starting = startSite('all', { ...config, PORT: port }, createLogger('test'), {
      frontendDir,
      redisConfig: ['key-load-delay 100', 'loading-process-events-interval-bytes 4096'],
    });
    const base = `http://127.0.0.1:${port}`;

    let seen: Record<string, unknown> | undefined;
    while (!seen) {
      const health = await json(`${base}/api/health`).catch(() => null);
      const percent = (health?.body.starting as { percent?: number } | undefined)?.percent;
      if (health?.status === 503 && typeof percent === 'number' && percent > 0) seen = health.body;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toMatchObject({ status: 'starting', starting: { phase: 'loading' } });

    const movies = await json(`${base}/api/movies`);
    expect(movies.status).toBe(503);
    expect(movies.body.message).toMatch(
      /^Cinefold is starting: loading its catalogue \(\d+%\)\. Please try again in a moment\.$/,
    );
    const page = await fetch(`${base}/movies`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const site = await starting;
    sites.push(site);
    expect(await json(`${base}/api/health`)).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await json(`${base}/api/movies`)).status).toBe(200);
  }, 60_000);

  it('says "starting", with how far, while a read model is built again from the event store', async () => {
    const server = await startLocalRedis();
    redisServers.push(server);
    const dataDir = join(dir.path, 'building');
    const config = loadConfig({
      SEED_DEMO: '0',
      DATA_DIR: dataDir,
      REDIS_URL: server.url,
      LOG_LEVEL: 'error',
    });
    const site = await startSite('all', { ...config, PORT: 0 }, createLogger('test'), { frontendDir });
    sites.push(site);
    const register = await fetch(`${site.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ann', email: 'ann@example.com', password: 'ann-password-1' }),
    });
    expect(register.status).toBe(201);
    expect((await json(`${site.url}/api/health`)).status).toBe(200);

    // As if the users read model were being built from nothing and had a quarter of the log to go.
    const redis = new Redis(server.url);
    const generation = Number(await redis.get(readModelKeys.active(USERS.projector)));
    const checkpoint = Number(await redis.get(readModelKeys.checkpoint(USERS.projector, generation)));
    const target = readModelKeys.target(USERS.projector, generation);
    await redis.set(target, String(Math.ceil((checkpoint * 4) / 3)));
    const expected = {
      phase: 'building',
      percent: Math.floor((checkpoint * 1000) / Math.ceil((checkpoint * 4) / 3)) / 10,
    };

    let health = await json(`${site.url}/api/health`);
    for (let i = 0; health.status === 200 && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20)); // the gate polls every half second
      health = await json(`${site.url}/api/health`);
    }
    expect(health).toEqual({ status: 503, body: { status: 'starting', starting: expected } });
    let movies = await json(`${site.url}/api/movies`);
    for (let i = 0; movies.status === 200 && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      movies = await json(`${site.url}/api/movies`);
    }
    expect(movies).toEqual({
      status: 503,
      body: { message: startingMessage(expected as never), starting: expected },
    });
    // A title's page cannot be looked up now: crawlers are told to come back, not that it is gone.
    const titlePage = await fetch(`${site.url}/movies/1`);
    expect(titlePage.status).toBe(503);
    expect(titlePage.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await titlePage.text()).toContain('<div id="root">');

    await redis.del(target);
    let after = await json(`${site.url}/api/movies`);
    for (let i = 0; after.status === 503 && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await json(`${site.url}/api/movies`);
    }
    expect(after.status).toBe(200);
    redis.disconnect();
  }, 30_000);
});
