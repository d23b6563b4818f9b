import { createServer, type Server } from 'node:http';
import { EVENT_POSITION_HEADER } from '@cinefold/contracts';
import { createLogger, endpointRouter, ProjectionWatcher } from '@cinefold/platform';
import { catalogueEndpoints, ResponseCache } from '@cinefold/query-api';
import express from 'express';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSite } from './support/site.js';

// Public listings cost what a client chooses to make them cost: these are the limits on that.
const site = useSite('catalogue-queries');

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${site.url}/api${path}`, { headers });

async function message(response: Response, status: number): Promise<string> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { message: string };
  expect(Object.keys(body)).toEqual(['message']);
  return body.message;
}

describe('a listing query', () => {
  it('is refused with 400 naming a field the listing does not know', async () => {
    expect(await message(await get('/movies?page=1&x=random'), 400)).toMatch(/Unknown field.*: x\./);
    expect(await message(await get('/tvshows?nocache=1'), 400)).toMatch(/nocache/);
    expect(await message(await get('/home?x=1'), 400)).toMatch(/: x\./);
    expect(await message(await get('/movies/trending/now?x=1'), 400)).toMatch(/: x\./);
    expect(await message(await get('/movies/metadata/genres?x=1'), 400)).toMatch(/: x\./);
    expect(await message(await get('/movies/550?x=1'), 400)).toMatch(/: x\./);
    expect(await message(await get('/tvshows/1399/seasons?x=1'), 400)).toMatch(/: x\./);
  });

  it('accepts every field the site sends', async () => {
    const listing = await get('/movies?page=2&limit=20&search=love&genre=Action&sortBy=rating&year=1999');
    expect(listing.status).toBe(200);
    expect((await get('/tvshows?page=1&limit=20&search=x&genre=Drama&sortBy=name')).status).toBe(200);
  });

  it('is refused with 400 past the first 10,000 titles', async () => {
    expect((await get('/movies?page=500&limit=20')).status).toBe(200);
    expect((await get('/movies?page=100&limit=100')).status).toBe(200);
    expect(await message(await get('/movies?page=501&limit=20'), 400)).toMatch(/first 10,000 titles/);
    expect(await message(await get('/tvshows?page=101&limit=100'), 400)).toMatch(/first 10,000 titles/);
  });
});

describe('the event position a read carries', () => {
  it("is ignored beyond the store's head, even from a member", async () => {
    const { token } = await site.register({ name: 'Ann', email: 'ann@example.com', password: 'secret-1' });
    const response = await get('/movies', {
      authorization: `Bearer ${token}`,
      [EVENT_POSITION_HEADER]: '999999999',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-read-model-behind')).toBeNull();
  });
});

describe('the answer cache', () => {
  let server: Server;
  let base: string;
  const answers = new ResponseCache<Buffer>(60_000);
  let redis: Redis;
  let watcher: ProjectionWatcher;

  beforeAll(async () => {
    redis = new Redis(site.redisUrl);
    watcher = new ProjectionWatcher(new Redis(site.redisUrl), new Redis(site.redisUrl));
    const app = express();
    app.set('query parser', 'simple');
    app.use(
      '/api',
      endpointRouter(catalogueEndpoints({ redis, store: site.running.store!, watcher, answers }), {
        logger: createLogger('test'),
      }),
    );
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}/api`;
  });
  afterAll(async () => {
    server.close();
    await watcher.close();
    redis.disconnect();
  });

  it('keeps one answer for one query, however its address is written', async () => {
    for (const path of [
      '/movies?page=2&genre=Action',
      '/movies?genre=Action&page=2',
      '/movies?page=02&genre=Action&limit=20',
      '/movies?genre=Action&page=2&sortBy=popularity',
    ]) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(200);
    }
    expect(answers.size).toBe(1);
    // The address as sent is still answered from the cache before any routing.
    expect(answers.get('/api/movies?genre=Action&page=2')).toBeDefined();
  });
});
