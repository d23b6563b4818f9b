import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import {
  authenticate,
  createLogger,
  endpointRouter,
  issueToken,
  ProjectionWatcher,
  readModelKeys,
  requireAdmin,
} from '@cinefold/platform';
import { useRedisServer } from '@cinefold/platform/testing';
import { signedInMembers, USERS } from '@cinefold/read-models';
import express from 'express';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LiveDashboard,
  liveDashboardEndpoint,
  type LiveDashboardOptions,
} from '../src/traffic/live-dashboard.js';

const redisServer = useRedisServer();
const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

const SECRET = 'a-secret-for-the-live-dashboard-tests';
const ADMIN_ID = 'u-admin';
/** The admin in the users read model, as its projector writes them. */
const adminHash = () => readModelKeys.key(USERS.projector, 1, ...USERS.user(ADMIN_ID));
beforeEach(async () => {
  const redis = redisServer.client();
  await redis.set(readModelKeys.active(USERS.projector), '1');
  await redis.hset(adminHash(), {
    id: ADMIN_ID,
    name: 'Ada',
    email: 'ada@example.com',
    role: 'admin',
    createdAt: '2025-03-01T00:00:00.000Z',
  });
});

/** The stream's endpoint on a port of its own, behind the session and the admin guard. */
async function serve(heartbeatMs: number, more: Partial<LiveDashboardOptions> = {}) {
  const watcher = new ProjectionWatcher(redisServer.client(), redisServer.client());
  const live = new LiveDashboard({
    redis: redisServer.client(),
    watcher,
    siteTimeZone: 'UTC',
    heartbeatMs,
    ...more,
  });
  const app = express();
  app.use(
    authenticate({ jwtSecret: SECRET, members: signedInMembers(redisServer.client(), watcher) }),
    requireAdmin,
  );
  app.use('/api', endpointRouter([liveDashboardEndpoint(live)], { logger: createLogger('test') }));
  const server = app.listen(0);
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/admin/stream`;
  const token = issueToken(SECRET, ADMIN_ID, 0);
  return { live, url, open: () => fetch(url, { headers: { authorization: `Bearer ${token}` } }) };
}

/** Reads the stream's text until `seen` is true of all of it so far; null once the stream ended. */
async function readUntil(response: Response, seen: (text: string) => boolean): Promise<string | null> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return null;
    text += value;
    if (seen(text)) return text;
  }
}

describe('the live dashboard’s streams', () => {
  it('keeps a quiet stream open with heartbeat comments', async () => {
    const { open } = await serve(50);
    const response = await open();
    expect(response.status).toBe(200);
    const text = await readUntil(
      response,
      (so) => so.includes('event: dashboard\n') && so.split('\n: heartbeat\n\n').length > 2,
    );
    expect(text).toMatch(/^retry: \d+\n\n/);
  });

  it('ends every stream when the site stops, and answers new ones 503 with a message', async () => {
    const { live, open } = await serve(60_000);
    const response = await open();
    const opened = await readUntil(response.clone(), (so) => so.includes('event: dashboard'));
    expect(opened).not.toBeNull();
    live.close();
    expect(await readUntil(response, () => false)).toBeNull();

    const refused = await open();
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { message: string }).message).toEqual(expect.any(String));
  });

  it('ends a stream once its life is up, and the page opens another through the guard', async () => {
    const { open } = await serve(60_000, { streamLifeMs: 300 });
    const response = await open();
    expect(await readUntil(response.clone(), (so) => so.includes('event: dashboard'))).not.toBeNull();
    expect(await readUntil(response, () => false)).toBeNull();
    expect((await open()).status).toBe(200);
  });

  it('ends the stream of an admin found demoted at a heartbeat', async () => {
    const { open } = await serve(50);
    const response = await open();
    expect(await readUntil(response.clone(), (so) => so.includes('event: dashboard'))).not.toBeNull();
    // Changed in the read model without a notice: only the heartbeat can see it.
    await redisServer.client().hset(adminHash(), 'role', 'user');
    expect(await readUntil(response, () => false)).toBeNull();
    expect((await open()).status).toBe(403);
  });
});
