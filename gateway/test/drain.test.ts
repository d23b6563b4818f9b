import { EVENT_POSITION_HEADER } from '@cinefold/contracts';
import { createLogger, loadConfig } from '@cinefold/platform';
import { makeTempDir, useRedisServer } from '@cinefold/platform/testing';
import { expect, it } from 'vitest';
import { startSite } from '../src/site.js';

const redisServer = useRedisServer();

it('finishes the requests in flight when it is told to stop, and refuses new ones', async () => {
  const dir = makeTempDir('drain');
  const config = loadConfig({
    SEED_DEMO: '0',
    DATA_DIR: dir.path,
    REDIS_URL: redisServer.url,
    LOG_LEVEL: 'error',
  });
  const site = await startSite('all', { ...config, PORT: 0 }, createLogger('test'), { drainMs: 5000 });
  // A read that waits for a position no projector will reach: it stays in flight for about a second.
  const inFlight = fetch(`${site.url}/api/health`, { headers: { [EVENT_POSITION_HEADER]: '999999' } });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const stopping = site.stop();
  const response = await inFlight;
  expect(response.status).toBe(200);
  expect(response.headers.get('x-read-model-behind')).toBe('1');
  await stopping;
  await expect(fetch(`${site.url}/api/health`)).rejects.toThrow();
  dir.remove();
});
