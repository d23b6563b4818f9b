import { EVENT_POSITION_HEADER } from '@cinefold/contracts';
import { createLogger, loadConfig } from '@cinefold/platform';
import { makeTempDir, useRedisServer } from '@cinefold/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningSite, startSite } from '../src/site.js';

// The API without its projectors, so a position in the store stays unreached by the read models.
const redisServer = useRedisServer();
const dir = makeTempDir('guest-positions');
let site: RunningSite;

beforeAll(async () => {
  const config = loadConfig({
    SEED_DEMO: '0',
    DATA_DIR: dir.path,
    REDIS_URL: redisServer.url,
    LOG_LEVEL: 'error',
  });
  site = await startSite('gateway', { ...config, PORT: 0 }, createLogger('test'));
});
afterAll(async () => {
  await site?.stop();
  dir.remove();
});

it("does not hold a visitor's catalogue read for an event position: only a member's own writes are waited for", async () => {
  const written = await fetch(`${site.url}/api/support/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: 'Hello' }),
  });
  expect(written.status).toBe(201);
  const position = written.headers.get(EVENT_POSITION_HEADER)!;
  for (const path of ['/api/movies', '/api/home', '/api/movies/metadata/genres']) {
    const response = await fetch(`${site.url}${path}`, { headers: { [EVENT_POSITION_HEADER]: position } });
    expect(response.status, path).toBe(200);
    expect(response.headers.get('x-read-model-behind'), path).toBeNull();
  }
});
