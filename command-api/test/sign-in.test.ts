import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CinefoldEvent, streams } from '@cinefold/contracts';
import {
  createEventLog,
  createLogger,
  createMailer,
  endpointRouter,
  errorHandler,
  type EventStore,
  ProjectionWatcher,
  systemContext,
} from '@cinefold/platform';
import { useRedisServer, useSqliteStore } from '@cinefold/platform/testing';
import { readMemberLists } from '@cinefold/read-models';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../src/accounts/accounts.js';
import { accountEndpoints } from '../src/accounts/routes.js';

const redisServer = useRedisServer();
const sqlite = useSqliteStore('sign-in', { scope: 'file' });
let server: Server;
let base: string;
/** The streams the store was asked for, in order. */
const streamsRead: string[] = [];

beforeAll(async () => {
  const store = sqlite.store;
  const watched: EventStore = {
    ...store,
    readStream: (stream, options) => {
      streamsRead.push(stream);
      return store.readStream(stream, options);
    },
    readStreamBackwards: (stream, options) => {
      streamsRead.push(stream);
      return store.readStreamBackwards(stream, options);
    },
    readSnapshot: (stream) => {
      streamsRead.push(stream);
      return store.readSnapshot(stream);
    },
  };
  const redis = redisServer.client();
  const watcher = new ProjectionWatcher(redisServer.client(), redisServer.client());
  const accounts = new Accounts(createEventLog(watched), (userId) => readMemberLists(redis, watcher, userId));
  const app = express();
  app.use(express.json());
  const endpoints = accountEndpoints({
    accounts,
    redis,
    jwtSecret: 'a-secret-of-at-least-thirty-two-characters',
    mailer: createMailer({ from: 'Cinefold <no-reply@cinefold.local>', logger: createLogger('test') }),
    logger: createLogger('test'),
  });
  app.use('/api', endpointRouter(endpoints, { logger: createLogger('test') }));
  app.use(errorHandler(createLogger('test')));
  server = app.listen(0);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('signing in and signing up', () => {
  it('never read the member’s lists from their library stream, however long it is', async () => {
    streamsRead.length = 0;
    const signedUp = await post('/auth/register', {
      name: 'Ann',
      email: 'ann@example.com',
      password: 'secret-1',
    });
    expect(signedUp.status).toBe(201);
    const userId = String(signedUp.body.id);
    const library = streams.library(userId);
    expect(streamsRead).not.toContain(library);

    const seven = { contentId: 7, contentType: 'movie', title: 'Seven', poster: null } as const;
    const history: CinefoldEvent[] = Array.from({ length: 2_000 }, (_, i) =>
      i % 2 === 0
        ? { type: 'FavoriteAdded', data: { userId, ...seven } }
        : { type: 'FavoriteRemoved', data: { userId, contentId: 7, contentType: 'movie' } },
    );
    await createEventLog(sqlite.store).append(library, history, {
      expectedRevision: 'any',
      context: systemContext(),
    });

    streamsRead.length = 0;
    const signedIn = await post('/auth/login', { email: 'ann@example.com', password: 'secret-1' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ id: userId, favorites: [], watchlist: [] });
    expect(streamsRead.length).toBeGreaterThan(0);
    expect(streamsRead).not.toContain(library);
  });
});
