/**
 * One endpoint table, one runner, one writer (endpoint.ts), over real HTTP through the Express
 * host: the request's parts validated with the contract's messages, who may call, limits, errors
 * as `{ message }`, a write's position for members only, compression and the request's metrics;
 * answers written as streams, and bodies read as streams by their handler.
 */
import { request } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type AuthenticatedUser,
  badRequest,
  bodyParser,
  createLogger,
  created,
  endpoint,
  endpointRouter,
  errorHandler,
  HttpError,
  ok,
  processMetrics,
  rateLimiter,
  requestMetrics,
  type Endpoint,
} from '../src/index.js';
import { listenOnFreePort, useRedisServer } from '../src/testing/index.js';

const redisServer = useRedisServer();
let base = '';
let close: () => void = () => undefined;

const member: AuthenticatedUser = {
  id: 'm1',
  name: 'M',
  email: 'm@example.com',
  role: 'user',
  createdAt: '',
};
const admin: AuthenticatedUser = { ...member, id: 'a1', role: 'admin' };
const position = { commit: 42n, prepare: 42n };

/** What the streams of the table saw: each one's end, told when its client left. */
const feeds: { left: Promise<void> }[] = [];

function table(): Endpoint[] {
  const redis = redisServer.client();
  return [
    endpoint({
      method: 'POST',
      path: '/api/notes/:id',
      schemas: {
        params: z.object({ id: z.string().regex(/^\d+$/, 'id must be a number') }),
        body: z.strictObject({ text: z.string().min(1, 'text is required') }),
      },
      access: 'anyone',
      handle: ({ params, body }) => created({ id: params.id, text: body.text }, position),
    }),
    endpoint({
      method: 'GET',
      path: '/api/notes',
      schemas: { query: z.strictObject({ size: z.coerce.number().int().max(100_000).default(10) }) },
      access: 'member',
      handle: ({ query }) => ok({ text: 'n'.repeat(query.size) }),
    }),
    endpoint({
      method: 'GET',
      path: '/api/admin/notes',
      schemas: {},
      access: 'admin',
      handle: () => ok({ admin: true }),
    }),
    endpoint({
      method: 'POST',
      path: '/api/limited',
      schemas: { body: z.strictObject({ ok: z.boolean() }) },
      access: 'anyone',
      limits: [
        {
          limiter: rateLimiter(redis, {
            name: 'endpoint-test',
            limit: 2,
            windowSeconds: 60,
            message: 'Slow down.',
          }),
          beforeValidation: true,
        },
      ],
      handle: () => ok({}),
    }),
    endpoint({
      method: 'GET',
      path: '/api/letters',
      schemas: { query: z.strictObject({ refuse: z.literal('yes').optional() }) },
      access: 'anyone',
      handle: ({ query }) => {
        if (query.refuse) throw badRequest('No letters today.');
        return {
          status: 200,
          type: 'text/plain; charset=utf-8',
          stream: async (sink) => {
            for (const letter of ['a', 'b', 'c']) await sink.write(letter);
          },
        };
      },
    }),
    endpoint({
      method: 'GET',
      path: '/api/feed',
      schemas: {},
      access: 'anyone',
      handle: () => {
        let told = () => undefined as void;
        feeds.push({ left: new Promise<void>((resolve) => (told = resolve)) });
        return {
          status: 200,
          type: 'text/event-stream; charset=utf-8',
          stream: (sink) =>
            new Promise<void>((resolve) => {
              const stop = () => {
                clearInterval(tick);
                told();
                resolve();
              };
              const tick = setInterval(() => void sink.write('data: tick\n\n'), 10);
              // Aborted already when there is nobody to write to (a HEAD).
              if (sink.signal.aborted) stop();
              else sink.signal.addEventListener('abort', stop);
            }),
        };
      },
    }),
    endpoint({
      method: 'POST',
      path: '/api/raw',
      schemas: { body: 'stream' },
      access: 'anyone',
      handle: async ({ body }) => {
        const chunks: Buffer[] = [];
        let length = 0;
        for await (const chunk of body as AsyncIterable<Buffer>) {
          length += chunk.length;
          if (length > 1000) throw new HttpError(413, 'Too much for the test.');
          chunks.push(chunk);
        }
        return ok({ type: body.headers['content-type'], text: Buffer.concat(chunks).toString() });
      },
    }),
    endpoint({
      method: 'GET',
      path: '/api/fails/:how',
      schemas: { params: z.object({ how: z.string() }) },
      access: 'anyone',
      handle: ({ params }) => {
        if (params.how === 'client') throw badRequest('That will not do.');
        throw new Error('a bug');
      },
    }),
  ];
}

beforeAll(async () => {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use(requestMetrics());
  const endpoints = table();
  app.use('/api', bodyParser(endpoints, { parse: express.json() }));
  // Who is asking, as `authenticate` would say it: here, a header names the test's member or admin.
  app.use((req, _res, next) => {
    const who = req.get('x-test-user');
    if (who === 'member') req.user = member;
    if (who === 'admin' || who === 'stale-admin') req.user = admin;
    if (who === 'stale-admin') req.authStale = true;
    next();
  });
  app.use('/api', endpointRouter(endpoints, { logger: createLogger('test') }));
  app.use(errorHandler(createLogger('test')));
  ({ url: base, close } = await listenOnFreePort(app));
});
afterAll(() => close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('an endpoint of the table', () => {
  it('answers what its handler returns, with no-store, and the write’s position only to a member', async () => {
    const guest = await post('/api/notes/7', { text: 'hello' });
    expect(guest.status).toBe(201);
    expect(await guest.json()).toEqual({ id: '7', text: 'hello' });
    expect(guest.headers.get('cache-control')).toBe('no-store');
    expect(guest.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(guest.headers.get('x-event-position')).toBeNull();
    const signedIn = await post('/api/notes/7', { text: 'hello' }, { 'x-test-user': 'member' });
    expect(signedIn.headers.get('x-event-position')).not.toBeNull();
  });

  it('refuses bad parameters and bodies with 400 and the schema’s message, naming an unknown field', async () => {
    const badId = await post('/api/notes/x', { text: 'hello' });
    expect([badId.status, await badId.json()]).toEqual([400, { message: 'id must be a number.' }]);
    const empty = await post('/api/notes/7', { text: '' });
    expect([empty.status, await empty.json()]).toEqual([400, { message: 'text is required.' }]);
    const unknown = await post('/api/notes/7', { text: 'a', extra: 1 });
    expect([unknown.status, await unknown.json()]).toEqual([
      400,
      { message: 'Unknown field in body: extra.' },
    ]);
    const notObject = await post('/api/notes/7', ['a']);
    expect(await notObject.json()).toEqual({ message: 'The request body must be a JSON object.' });
  });

  it('lets a member endpoint refuse a guest (401) and an admin endpoint a member (403), or a stale admin (503)', async () => {
    expect((await fetch(`${base}/api/notes`)).status).toBe(401);
    expect((await fetch(`${base}/api/notes`, { headers: { 'x-test-user': 'member' } })).status).toBe(200);
    const forbidden = await fetch(`${base}/api/admin/notes`, { headers: { 'x-test-user': 'member' } });
    expect([forbidden.status, await forbidden.json()]).toEqual([
      403,
      { message: 'Only admins can do that.' },
    ]);
    const stale = await fetch(`${base}/api/admin/notes`, { headers: { 'x-test-user': 'stale-admin' } });
    expect([stale.status, stale.headers.get('retry-after')]).toEqual([503, '1']);
    expect((await fetch(`${base}/api/admin/notes`, { headers: { 'x-test-user': 'admin' } })).status).toBe(
      200,
    );
  });

  it('counts a limit before validation when it says so, and answers 429 with its message and Retry-After', async () => {
    const client = { 'x-forwarded-for': '203.0.113.9' };
    expect((await post('/api/limited', { ok: 'no' }, client)).status).toBe(400);
    expect((await post('/api/limited', { ok: true }, client)).status).toBe(200);
    const refused = await post('/api/limited', { ok: true }, client);
    expect([refused.status, await refused.json()]).toEqual([429, { message: 'Slow down.' }]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post('/api/limited', { ok: true }, { 'x-forwarded-for': '203.0.113.10' })).status).toBe(
      200,
    );
  });

  it('answers a client’s fault with its status and a server fault with 500 and no detail', async () => {
    const client = await fetch(`${base}/api/fails/client`);
    expect([client.status, await client.json()]).toEqual([400, { message: 'That will not do.' }]);
    const bug = await fetch(`${base}/api/fails/bug`);
    expect(bug.status).toBe(500);
    expect(JSON.stringify(await bug.json())).not.toMatch(/a bug/);
  });

  it('compresses a large answer for a client that accepts it, and sends a small one plain', async () => {
    const large = await fetch(`${base}/api/notes?size=5000`, {
      headers: { 'x-test-user': 'member', 'accept-encoding': 'gzip' },
    });
    expect(large.headers.get('content-encoding')).toBe('gzip');
    expect(large.headers.get('vary')).toMatch(/accept-encoding/i);
    // fetch takes the encoding off.
    expect(await large.json()).toEqual({ text: 'n'.repeat(5000) });
    const small = await fetch(`${base}/api/notes?size=10`, {
      headers: { 'x-test-user': 'member', 'accept-encoding': 'gzip' },
    });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(Number(small.headers.get('content-length'))).toBe((await small.arrayBuffer()).byteLength);
  });

  it('records each request once, under the endpoint’s path, never the address asked', async () => {
    await fetch(`${base}/api/fails/client`);
    const metrics = await processMetrics.registry.getSingleMetricAsString('http_request_duration_seconds');
    expect(metrics).toMatch(/route="\/api\/fails\/:how",status_code="400"/);
    expect(metrics).not.toMatch(/\/api\/fails\/client/);
    const count = metrics.match(
      /http_request_duration_seconds_count\{[^}]*route="\/api\/fails\/:how",status_code="400"\} (\d+)/,
    );
    expect(Number(count?.[1])).toBe(2);
  });
});

describe('an answer that is a stream', () => {
  it('gets its headers, then every piece it writes, and the response ends when it returns', async () => {
    const response = await fetch(`${base}/api/letters`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-length')).toBeNull();
    expect(await response.text()).toBe('abc');
  });

  it('is told through its signal when the client goes away, and stops', async () => {
    const before = feeds.length;
    const controller = new AbortController();
    const response = await fetch(`${base}/api/feed`, { signal: controller.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('data: tick');
    controller.abort();
    await expect(feeds[before]!.left).resolves.toBeUndefined();
  });

  it('ends at once for a HEAD, its stream told there is nobody to write to', async () => {
    const before = feeds.length;
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${base}/api/feed`);
      request({ host: url.hostname, port: url.port, path: url.pathname, method: 'HEAD' }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(200);
    await expect(feeds[before]!.left).resolves.toBeUndefined();
  });

  it('is refused with a JSON message like any answer when its handler throws before the first byte', async () => {
    const refused = await fetch(`${base}/api/letters?refuse=yes`);
    expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect([refused.status, await refused.json()]).toEqual([400, { message: 'No letters today.' }]);
  });
});

describe('an endpoint that reads its body as a stream', () => {
  it('gets the bytes as sent, which no body parser has read, whatever their type', async () => {
    const sent = await fetch(`${base}/api/raw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"not": json',
    });
    expect([sent.status, await sent.json()]).toEqual([
      200,
      { type: 'application/json', text: '{"not": json' },
    ]);
  });

  it('refuses with its status and a JSON message when its handler throws while reading', async () => {
    const tooMuch = await fetch(`${base}/api/raw`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x'.repeat(5000),
    });
    expect([tooMuch.status, await tooMuch.json()]).toEqual([413, { message: 'Too much for the test.' }]);
  });
});
