import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLogger,
  type Endpoint,
  endpoint,
  endpointRouter,
  errorHandler,
  noContent,
  type RateLimitRule,
  rateLimiter,
} from '../src/index.js';
import { listenOnFreePort, useRedisServer } from '../src/testing/index.js';

const redisServer = useRedisServer();
let base = '';
/** When each request to /c was served. */
const served: number[] = [];
let close: () => void = () => undefined;

beforeAll(async () => {
  const redis = redisServer.client();
  /** An endpoint that answers 204, counted per client network under `rule`. */
  const limited = (path: string, rule: RateLimitRule, handled = () => undefined as void): Endpoint =>
    endpoint({
      method: 'POST',
      path,
      schemas: {},
      access: 'anyone',
      limits: [{ limiter: rateLimiter(redis, rule) }],
      handle: () => {
        handled();
        return noContent();
      },
    });
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use(
    endpointRouter(
      [
        limited('/a', { name: 'a', limit: 5, windowSeconds: 60 }),
        limited('/b', { name: 'b', limit: 3, windowSeconds: 60 }),
        limited(
          '/c',
          { name: 'c', limit: 3, windowSeconds: 60, overLimit: { paceMs: 300, maxWaitMs: 900 } },
          () => void served.push(Date.now()),
        ),
      ],
      { logger: createLogger('test'), mount: '' },
    ),
  );
  app.use(errorHandler(createLogger('test')));
  ({ url: base, close } = await listenOnFreePort(app));
});
afterAll(() => close());

const send = (path: string, client: string) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'x-forwarded-for': client } });

describe('rate limits asked for at the same moment', () => {
  it('count each client under its own rule, however many arrive together', async () => {
    const asked: [path: string, client: string][] = [
      ...Array.from({ length: 20 }, () => ['/a', '192.0.2.1'] as [string, string]),
      ...Array.from({ length: 20 }, () => ['/a', '192.0.2.2'] as [string, string]),
      ...Array.from({ length: 20 }, () => ['/b', '192.0.2.1'] as [string, string]),
    ];
    const replies = await Promise.all(asked.map(([path, client]) => send(path, client)));
    const accepted = (path: string, client: string) =>
      replies.filter((r, i) => asked[i]![0] === path && asked[i]![1] === client && r.status === 204).length;
    expect([accepted('/a', '192.0.2.1'), accepted('/a', '192.0.2.2'), accepted('/b', '192.0.2.1')]).toEqual([
      5, 5, 3,
    ]);
    const refused = replies.filter((r) => r.status === 429);
    expect(refused).toHaveLength(60 - 13);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send('/b', '192.0.2.3')).status).toBe(204);
  });
});

describe('a rate limit that slows down past its limit', () => {
  it('lets requests through one at a time in turn, and refuses those whose turn is too far away', async () => {
    const started = Date.now();
    const replies = await Promise.all(Array.from({ length: 20 }, () => send('/c', '192.0.2.9')));
    const elapsed = Date.now() - started;
    const passed = replies.filter((r) => r.status === 204).length;
    // Three within the limit at once, then at least the turns 0, 300, 600 and 900 ms away.
    expect(passed).toBeGreaterThanOrEqual(3 + 4);
    expect(passed - 3).toBeLessThanOrEqual(Math.floor(elapsed / 300) + 1);
    const refused = replies.filter((r) => r.status === 429);
    expect(refused).toHaveLength(20 - passed);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Those taken in turn were served a pace apart (give or take the timers' slack).
    const turns = served.slice(3).sort((a, b) => a - b);
    for (let i = 1; i < turns.length; i++) expect(turns[i]! - turns[i - 1]!).toBeGreaterThanOrEqual(250);
    // Another client is not slowed down.
    expect((await send('/c', '192.0.2.10')).status).toBe(204);
  });
});
