import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, errorHandler, rateLimit } from '../src/index.js';
import { useRedisServer } from '../src/testing/index.js';

const redisServer = useRedisServer();
let base = '';
let close: () => void = () => undefined;

beforeAll(async () => {
  const redis = redisServer.client();
  const app = express();
  app.set('trust proxy', 'loopback');
  app.post('/a', rateLimit(redis, { name: 'a', limit: 5, windowSeconds: 60 }), (_req, res) => {
    res.status(204).end();
  });
  app.post('/b', rateLimit(redis, { name: 'b', limit: 3, windowSeconds: 60 }), (_req, res) => {
    res.status(204).end();
  });
  app.use(errorHandler(createLogger('test')));
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
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
