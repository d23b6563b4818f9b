import {
  LIVE_DASHBOARD_EVENT,
  LIVE_DASHBOARD_RETRY_MS,
  type LiveDashboardMessage,
  liveDashboardMessage,
} from '@cinefold/contracts';
import { resolveJwtSecret, siteDay } from '@cinefold/platform';
import { STREAMS_PER_ADMIN } from '@cinefold/query-api';
import jwt from 'jsonwebtoken';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_SETTINGS, useSite } from './support/site.js';

const site = useSite('live-dashboard', {
  TRUST_PROXY: 'loopback',
  ...ADMIN_SETTINGS,
});
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Received {
  readonly id: string | null;
  readonly event: string | null;
  readonly data: LiveDashboardMessage;
}

/** An open stream: its first lines (`retry:`), and its messages one at a time, as they come. */
interface Stream {
  readonly retry: number | null;
  next(): Promise<Received>;
  /** Reads messages until one satisfies `accept`. */
  until(accept: (message: LiveDashboardMessage) => boolean): Promise<Received>;
  /** Reads on until the server ends the stream: 'ended', or 'open' still after `withinMs`. */
  end(withinMs?: number): Promise<'ended' | 'open'>;
  close(): void;
}

const open: Stream[] = [];
afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});

async function stream(token: string, options: { query?: string; lastEventId?: string } = {}) {
  const abort = new AbortController();
  const response = await fetch(`${site.url}/api/admin/stream${options.query ?? ''}`, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
    },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let retry: number | null = null;
  /** The next block (up to a blank line) of the stream. */
  async function block(): Promise<string> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const found = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return found;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
    }
  }
  async function next(): Promise<Received> {
    for (;;) {
      const lines = (await block()).split('\n');
      const field = (name: string) =>
        lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? null;
      if (field('retry') !== null) retry = Number(field('retry'));
      const data = field('data');
      if (data === null) continue; // `retry:` or a heartbeat comment
      return { id: field('id'), event: field('event'), data: liveDashboardMessage.parse(JSON.parse(data)) };
    }
  }
  const opened: Stream = {
    get retry() {
      return retry;
    },
    next,
    async until(accept) {
      for (;;) {
        const message = await next();
        if (accept(message.data)) return message;
      }
    },
    async end(withinMs = 10_000) {
      let timer: NodeJS.Timeout | undefined;
      const stillOpen = new Promise<'open'>((resolve) => {
        timer = setTimeout(() => resolve('open'), withinMs);
      });
      const ended = (async (): Promise<'ended'> => {
        for (;;) if ((await reader.read()).done) return 'ended';
      })();
      const outcome = await Promise.race([ended, stillOpen]);
      clearTimeout(timer);
      return outcome;
    },
    close: () => abort.abort(),
  };
  open.push(opened);
  return opened;
}

async function track(path: string) {
  const response = await fetch(`${site.url}/api/analytics/track`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
    body: JSON.stringify({ path, referrer: 'https://www.google.com/' }),
  });
  expect(response.status).toBe(204);
}

async function refused(headers: Record<string, string>) {
  const response = await fetch(`${site.url}/api/admin/stream`, { headers });
  return { status: response.status, body: (await response.json()) as { message: string } };
}

const json = { 'content-type': 'application/json' };
let members = 0;

/** A member made an admin by the site's admin: their token, id and address. */
async function anotherAdmin(root: string) {
  const email = `admin${++members}@example.com`;
  const { token, id } = await site.register({ name: 'Second Admin', email, password: 'second-password' });
  const promoted = await changeRole(root, id, 'admin');
  expect(promoted.status).toBe(200);
  return { token, id, email };
}

function changeRole(token: string, id: string, role: 'admin' | 'user') {
  return fetch(`${site.url}/api/admin/users/${id}/role`, {
    method: 'PUT',
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({ role }),
  });
}

describe('the live dashboard stream', () => {
  it('opens with the whole dashboard at once, then pushes a tracked view to an admin', async () => {
    const live = await stream(await site.signIn(ADMIN));
    const first = await live.next();
    expect(first.event).toBe(LIVE_DASHBOARD_EVENT);
    expect(first.id).toMatch(/^\d+$/);
    expect(live.retry).toBe(LIVE_DASHBOARD_RETRY_MS);
    expect(first.data.stats?.overview.totalViews).toBe(0);
    expect(first.data.traffic?.days).toBe(7);
    expect(first.data.visitorsNow).toBe(0);

    await track('/movies');
    // A message carries the parts that changed since the last one: the view's stats, traffic and
    // visitors may come in one message or, when the projectors publish them apart, in several.
    const latest: LiveDashboardMessage = {};
    const pushed = await live.until((message) => {
      if (message.stats) latest.stats = message.stats;
      if (message.traffic) latest.traffic = message.traffic;
      if (message.visitorsNow !== undefined) latest.visitorsNow = message.visitorsNow;
      return (
        latest.stats?.overview.totalViews === 1 &&
        latest.traffic?.timeseries.at(-1)?.count === 1 &&
        latest.visitorsNow === 1
      );
    });
    expect(Number(pushed.id)).toBeGreaterThan(Number(first.id));
    expect(latest.traffic?.timeseries.at(-1)).toEqual({ day: siteDay('UTC'), count: 1, visitors: 1 });
    expect(latest.traffic?.sources).toEqual([{ source: 'Google', count: 1 }]);
    expect(latest.visitorsNow).toBe(1);
  });

  it('sends the traffic of the days the stream asked for', async () => {
    const live = await stream(await site.signIn(ADMIN), { query: '?days=30' });
    const first = await live.next();
    expect(first.data.traffic?.days).toBe(30);
    expect(first.data.traffic?.timeseries).toHaveLength(30);
  });

  it('answers a resumed stream (Last-Event-ID) with the current state at once, under a later id', async () => {
    const token = await site.signIn(ADMIN);
    const before = await (await stream(token)).next();
    const resumed = await (await stream(token, { lastEventId: before.id! })).next();
    expect(Number(resumed.id)).toBeGreaterThan(Number(before.id));
    expect(resumed.data.stats).toEqual(before.data.stats);
    expect(resumed.data.visitorsNow).toEqual(before.data.visitorsNow);
  });

  it('is refused to a guest (401) and to a member (403)', async () => {
    const guest = await refused({});
    expect(guest.status).toBe(401);
    expect(guest.body.message).toEqual(expect.any(String));

    const member = { name: 'Member', email: 'member@example.com', password: 'member-password' };
    const { token } = await site.register(member);
    const refusedMember = await refused({ authorization: `Bearer ${token}` });
    expect(refusedMember.status).toBe(403);
    expect(refusedMember.body.message).toEqual(expect.any(String));
  });

  it('refuses a window out of range or a Last-Event-ID it never sent with 400 and a message', async () => {
    const token = await site.signIn(ADMIN);
    const asks: [string, Record<string, string>][] = [
      ['?days=91', {}],
      ['', { 'last-event-id': 'not-an-id' }],
    ];
    for (const [query, headers] of asks) {
      const response = await fetch(`${site.url}/api/admin/stream${query}`, {
        headers: { authorization: `Bearer ${token}`, ...headers },
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/days|Last-Event-ID/);
    }
  });
});

describe("the live dashboard stream's admin", () => {
  it('loses the stream when demoted', async () => {
    const root = await site.signIn(ADMIN);
    const second = await anotherAdmin(root);
    const live = await stream(second.token);
    await live.next();
    expect((await changeRole(root, second.id, 'user')).status).toBe(200);
    expect(await live.end()).toBe('ended');
    // The page reconnects through the guard, which now refuses.
    expect((await refused({ authorization: `Bearer ${second.token}` })).status).toBe(401);
  });

  it('loses the stream when the account is deleted', async () => {
    const root = await site.signIn(ADMIN);
    const second = await anotherAdmin(root);
    const live = await stream(second.token);
    await live.next();
    const deleted = await fetch(`${site.url}/api/admin/users/${second.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${root}` },
    });
    expect(deleted.status).toBe(200);
    expect(await live.end()).toBe('ended');
  });

  it('loses the stream when signing out, in another tab', async () => {
    const root = await site.signIn(ADMIN);
    const second = await anotherAdmin(root);
    const live = await stream(second.token);
    await live.next();
    const signedOut = await fetch(`${site.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(signedOut.status).toBe(204);
    expect(await live.end()).toBe('ended');
  });

  it('loses the stream when the token it was opened with expires', async () => {
    const root = await site.signIn(ADMIN);
    const second = await anotherAdmin(root);
    const secret = resolveJwtSecret({ DATA_DIR: site.dataDir });
    const shortLived = jwt.sign({ ver: 0 }, secret, { algorithm: 'HS256', subject: second.id, expiresIn: 2 });
    const live = await stream(shortLived);
    await live.next();
    expect(await live.end()).toBe('ended');
    // Another stream of the same admin, with a token that stands, goes on.
    const standing = await stream(second.token);
    await standing.next();
    expect(await standing.end(1000)).toBe('open');
  });

  it(`holds at most ${STREAMS_PER_ADMIN} streams, and refuses one more with 429 and a message`, async () => {
    const root = await site.signIn(ADMIN);
    const second = await anotherAdmin(root);
    const streams = [];
    for (let i = 0; i < STREAMS_PER_ADMIN; i++) streams.push(await stream(second.token));
    const response = await fetch(`${site.url}/api/admin/stream`, {
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await response.json()) as { message: string }).message).toMatch(/live dashboards open/);
    // Another admin is not counted with them.
    await (await stream(root)).next();
  });
});
