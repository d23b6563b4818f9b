import { once } from 'node:events';
import { get, type IncomingMessage } from 'node:http';
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
  const read = get(`${site.url}/api/health`, {
    headers: { [EVENT_POSITION_HEADER]: '999999' },
    agent: false,
  });
  const written = once(read, 'finish');
  const inFlight = once(read, 'response') as Promise<[IncomingMessage]>;
  // In the server's hands once it has answered a request sent after it: it takes connections in
  // turn. A fixed 100 ms was too short on a slow machine: the server, closing, never took the
  // connection, and the read was reset (connect ECONNRESET).
  await written;
  await (await fetch(`${site.url}/api/health`)).text();
  const stopping = site.stop();
  const [response] = await inFlight;
  response.resume();
  expect(response.statusCode).toBe(200);
  expect(response.headers['x-read-model-behind']).toBe('1');
  await stopping;
  await expect(fetch(`${site.url}/api/health`)).rejects.toThrow();
  dir.remove();
});
