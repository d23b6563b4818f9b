import { createLogger, loadConfig } from '@cinefold/platform';
import { makeTempDir, useRedisServer } from '@cinefold/platform/testing';
import { DEMO_SIZE } from '@cinefold/command-api';
import { afterAll, expect, it } from 'vitest';
import { startSite } from '../src/site.js';

const redisServer = useRedisServer();
const dir = makeTempDir('demo-seed');
afterAll(() => dir.remove());

async function total(url: string, path: string): Promise<number> {
  return ((await (await fetch(`${url}/api${path}?limit=1`)).json()) as { total: number }).total;
}

it('a first start on an empty store imports a generated demo catalogue, and only the first', async () => {
  const config = {
    ...loadConfig({ DATA_DIR: dir.path, REDIS_URL: redisServer.url, LOG_LEVEL: 'error' }),
    PORT: 0,
  };
  expect(config.SEED_DEMO).toBe(true);
  const first = await startSite('all', config, createLogger('test'));
  const deadline = Date.now() + 30_000;
  while ((await total(first.url!, '/tvshows')) === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Adult titles arrive hidden, so the public count is a little below the generated one.
  const movies = await total(first.url!, '/movies');
  expect(movies).toBeGreaterThan(DEMO_SIZE.movies * 0.9);
  expect(movies).toBeLessThanOrEqual(DEMO_SIZE.movies);
  expect(await total(first.url!, '/tvshows')).toBeGreaterThan(DEMO_SIZE.tvShows * 0.9);
  await first.stop();

  const second = await startSite('all', config, createLogger('test'));
  const requests = (await second.store!.readAll({ maxCount: 100_000 })).filter(
    (e) => e.type === 'DemoCatalogueRequested',
  );
  expect(requests).toHaveLength(1);
  expect(await total(second.url!, '/movies')).toBe(movies);
  await second.stop();
}, 60_000);
