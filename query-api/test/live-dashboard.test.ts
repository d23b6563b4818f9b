import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { ProjectionWatcher } from '@cinefold/platform';
import { useRedisServer } from '@cinefold/platform/testing';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveDashboard, liveDashboardRouter } from '../src/traffic/live-dashboard.js';

const redisServer = useRedisServer();
const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** The stream's router alone on a port of its own (the admin guard is the gateway's business). */
async function serve(heartbeatMs: number) {
  const live = new LiveDashboard({
    redis: redisServer.client(),
    watcher: new ProjectionWatcher(redisServer.client(), redisServer.client()),
    siteTimeZone: 'UTC',
    heartbeatMs,
  });
  const app = express();
  app.use(liveDashboardRouter(live));
  const server = app.listen(0);
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return { live, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/admin/stream` };
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
    const { url } = await serve(50);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const text = await readUntil(
      response,
      (so) => so.includes('event: dashboard\n') && so.split('\n: heartbeat\n\n').length > 2,
    );
    expect(text).toMatch(/^retry: \d+\n\n/);
  });

  it('ends every stream when the site stops, and answers new ones 503 with a message', async () => {
    const { live, url } = await serve(60_000);
    const response = await fetch(url);
    const opened = await readUntil(response.clone(), (so) => so.includes('event: dashboard'));
    expect(opened).not.toBeNull();
    live.close();
    expect(await readUntil(response, () => false)).toBeNull();

    const refused = await fetch(url);
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { message: string }).message).toEqual(expect.any(String));
  });
});
