import { ADMIN_API_PREFIXES } from '@cinefold/contracts';
import { resolveJwtSecret } from '@cinefold/platform';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { registeredRoutes } from '../src/routes-table.js';
import { type ApiCallOptions, callApi } from './support/api.js';
import { ADMIN, ADMIN_SETTINGS, useSite } from './support/site.js';

const site = useSite('accounts', {
  // The tests play clients at several addresses through X-Forwarded-For, as a proxy on this machine would.
  TRUST_PROXY: 'loopback',
  ...ADMIN_SETTINGS,
});

/** A call of the site's API; its reply carries the position of its write, for a later read. */
const call = <T = Record<string, unknown>>(method: string, path: string, options: ApiCallOptions = {}) =>
  callApi<T>(site.url, method, path, options);

let counter = 0;
async function register(
  name = 'Member',
): Promise<{ token: string; id: string; email: string; position: string | null }> {
  const email = `member${++counter}-${Date.now()}@example.com`;
  const reply = await call<{ token: string; id: string }>('POST', '/auth/register', {
    body: { name, email, password: 'secret-1' },
  });
  expect(reply.status).toBe(201);
  return { token: reply.body.token, id: reply.body.id, email, position: reply.position };
}

async function signInAsAdmin(): Promise<string> {
  const reply = await call<{ token: string }>('POST', '/auth/login', { body: ADMIN });
  expect(reply.status).toBe(200);
  return reply.body.token;
}

describe('registering', () => {
  it('creates a member and answers with a token and the member fields', async () => {
    const reply = await call('POST', '/auth/register', {
      body: { name: '  Ann Lee ', email: 'Ann.Lee@Example.com', password: 'secret-1' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      name: 'Ann Lee',
      email: 'ann.lee@example.com',
      role: 'user',
      favorites: [],
      watchlist: [],
      user: { name: 'Ann Lee', role: 'user' },
    });
    expect(typeof reply.body.token).toBe('string');
    expect(Date.parse(String(reply.body.createdAt))).not.toBeNaN();
    expect(JSON.stringify(reply.body)).not.toMatch(/secret-1|passwordHash|\$2b\$/);
  });

  it('refuses a second account for the same address, whatever its case', async () => {
    const reply = await call('POST', '/auth/register', {
      body: { name: 'Other', email: ' ANN.LEE@example.com ', password: 'secret-2' },
    });
    expect(reply).toEqual({ status: 409, body: { message: 'An account with this email already exists.' } });
  });

  it('explains what is wrong with the details', async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: 'A', email: 'a@example.com', password: '12345' }, /at least 6 characters/],
      [{ name: 'A', email: 'not-an-email', password: 'secret-1' }, /valid email/],
      [{ name: '   ', email: 'a@example.com', password: 'secret-1' }, /Name is required/],
      [{ email: 'a@example.com', password: 'secret-1' }, /Name is required/],
      [{ name: 'A', email: 'a@example.com', password: 'secret-1', role: 'admin' }, /Unknown field.*role/],
      [{ name: 'x'.repeat(101), email: 'a@example.com', password: 'secret-1' }, /at most 100/],
    ];
    for (const [body, message] of cases) {
      const reply = await call<{ message: string }>('POST', '/auth/register', { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message).toMatch(message);
    }
  });

  it('lets exactly one of many simultaneous sign-ups win each address', async () => {
    const distinct = Array.from({ length: 200 }, (_, i) => `crowd${i}@example.com`);
    const duplicates = Array.from({ length: 50 }, (_, i) => distinct[i * 4]!);
    const replies = await Promise.all(
      // Each from its own address: sign-ups are limited per address.
      [...distinct, ...duplicates].map((email, i) =>
        call('POST', '/auth/register', {
          body: { name: 'Crowd', email, password: 'secret-1' },
          ip: `10.7.${i >> 8}.${i & 255}`,
        }),
      ),
    );
    const created = replies.filter((r) => r.status === 201);
    const refused = replies.filter((r) => r.status === 409);
    expect(created).toHaveLength(200);
    expect(refused).toHaveLength(50);
    expect(new Set(created.map((r) => r.body.email)).size).toBe(200);
    for (const r of refused) expect(r.body.message).toBe('An account with this email already exists.');
    const admin = await signInAsAdmin();
    const list = await call<{ total: number }>('GET', '/admin/users?limit=1', { token: admin });
    expect(list.body.total).toBeGreaterThanOrEqual(201);
  }, 60_000);
});

describe('signing in', () => {
  it('answers with a token for the right password', async () => {
    const reply = await call('POST', '/auth/login', {
      body: { email: 'ANN.LEE@example.com', password: 'secret-1' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ email: 'ann.lee@example.com', role: 'user' });
    const me = await call('GET', '/auth/me', { token: String(reply.body.token) });
    expect(me.body).toMatchObject({ email: 'ann.lee@example.com', favorites: [], watchlist: [] });
  });

  it('gives one message for a wrong password and for an unknown address', async () => {
    const wrong = await call('POST', '/auth/login', {
      body: { email: 'ann.lee@example.com', password: 'nope-nope' },
    });
    const unknown = await call('POST', '/auth/login', {
      body: { email: 'nobody@example.com', password: 'nope-nope' },
    });
    expect(wrong).toEqual({ status: 401, body: { message: 'Invalid email or password.' } });
    expect(unknown).toEqual(wrong);
  });

  it('slows down guessing with 429 after ten tries for one address from one network', async () => {
    const { email } = await register();
    const tries = [];
    for (let i = 0; i < 11; i++) {
      tries.push(
        await call('POST', '/auth/login', { body: { email, password: `guess-${i}` }, ip: '10.9.0.1' }),
      );
    }
    expect(tries.slice(0, 10).every((t) => t.status === 401)).toBe(true);
    expect(tries[10]!.status).toBe(429);
    expect(String(tries[10]!.body.message)).toMatch(/Too many sign-in attempts/);
  });

  it('lets a member sign in as often as they like: only failed attempts count', async () => {
    const { email } = await register();
    for (let i = 0; i < 15; i++) {
      const reply = await call('POST', '/auth/login', {
        body: { email, password: 'secret-1' },
        ip: '10.8.0.1',
      });
      expect(reply.status, `sign-in ${i + 1}`).toBe(200);
    }
    for (let i = 0; i < 9; i++) {
      await call('POST', '/auth/login', { body: { email, password: 'wrong-one' }, ip: '10.8.0.1' });
    }
    // Nine failures: one more try is still allowed, and it may be the right one.
    expect(
      (await call('POST', '/auth/login', { body: { email, password: 'secret-1' }, ip: '10.8.0.1' })).status,
    ).toBe(200);
  });
});

describe('a token', () => {
  it('is refused when tampered with, expired, unsigned or for nobody', async () => {
    const { token, id } = await register();
    const [header, payload] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'someone-else', exp: 9e9 })).toString('base64url')}.${token.split('.')[2]}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const expired = jwt.sign({ sub: id }, 'x'.repeat(40), { algorithm: 'HS256', expiresIn: -10 });
    for (const bad of [forged, none, expired, 'garbage', `${token}x`]) {
      const reply = await call('GET', '/auth/me', { token: bad });
      expect(reply.status, bad).toBe(401);
      expect(typeof reply.body.message).toBe('string');
    }
    expect((await call('GET', '/auth/me')).status).toBe(401);
  });

  it('is refused when it never expires, even signed with the site’s secret', async () => {
    const { id } = await register();
    const secret = resolveJwtSecret({ DATA_DIR: site.dataDir });
    const forever = jwt.sign({ sub: id }, secret, { algorithm: 'HS256' });
    const reply = await call('GET', '/auth/me', { token: forever });
    expect(reply).toEqual({
      status: 401,
      body: { message: 'Your session has expired. Please sign in again.' },
    });
    // The same token with an expiry is accepted: only the missing `exp` was refused.
    const expiring = jwt.sign({ sub: id }, secret, { algorithm: 'HS256', expiresIn: 60 });
    expect((await call('GET', '/auth/me', { token: expiring })).status).toBe(200);
  });

  it('ends, with every other token the member was given before, when the member signs out', async () => {
    const { token: fromSignUp, email } = await register();
    const signedIn = await call<{ token: string }>('POST', '/auth/login', {
      body: { email, password: 'secret-1' },
    });
    const token = signedIn.body.token;
    expect((await call('GET', '/auth/me', { token: fromSignUp })).status).toBe(200);

    const out = await call('POST', '/auth/logout', { token });
    expect(out.status).toBe(204);
    for (const ended of [token, fromSignUp]) {
      expect(await call('GET', '/auth/me', { token: ended })).toEqual({
        status: 401,
        body: { message: 'Your session has ended. Please sign in again.' },
      });
    }
    expect((await call('POST', '/auth/logout', { token })).status).toBe(401);

    // Signing in again gives a token that works, and signing out with it ends it too.
    const again = await call<{ token: string }>('POST', '/auth/login', {
      body: { email, password: 'secret-1' },
    });
    expect((await call('GET', '/auth/me', { token: again.body.token })).status).toBe(200);
    expect((await call('POST', '/auth/logout', { token: again.body.token })).status).toBe(204);
    expect((await call('GET', '/auth/me', { token: again.body.token })).status).toBe(401);
  });

  it('is refused to a guest who signs out', async () => {
    expect(await call('POST', '/auth/logout')).toEqual({
      status: 401,
      body: { message: expect.any(String) },
    });
  });

  it('that went stale still lets its visitor browse the public pages, and says why where a member is needed', async () => {
    const stale = jwt.sign({ sub: 'deleted-member' }, 'x'.repeat(40), { algorithm: 'HS256', expiresIn: -10 });
    expect((await call('GET', '/health', { token: stale })).status).toBe(200);
    const me = await call('GET', '/auth/me', { token: stale });
    expect(me.status).toBe(401);
    expect(me.body.message).toBe('Your session has expired. Please sign in again.');
    const write = await call('POST', '/user/favorites', {
      token: stale,
      body: { contentId: 1, contentType: 'movie', title: 'X', poster: '' },
    });
    expect(write.status).toBe(401);
  });
});

describe("a member's lists", () => {
  const inception = {
    contentId: 27205,
    contentType: 'movie',
    title: 'Inception',
    poster: '/oYuLEt3zVCKq57qu2F8dT7NIa6f.jpg',
  };

  it('show a new favorite on the very next read, and keep one entry when it is added twice', async () => {
    const { token } = await register();
    expect((await call('POST', '/user/favorites', { token, body: inception })).status).toBe(201);
    // No sleep and no position header: the member's session makes the next read wait for it.
    const me = await call<{ favorites: { contentId: number }[] }>('GET', '/auth/me', { token });
    expect(me.body.favorites).toEqual([
      expect.objectContaining({ ...inception, addedAt: expect.any(String) }),
    ]);
    expect(
      (await call('POST', '/user/favorites', { token, body: { ...inception, contentId: '27205' } })).status,
    ).toBe(200);
    expect(await call('GET', '/user/favorites', { token })).toMatchObject({
      status: 200,
      body: [{ contentId: 27205 }],
    });
  });

  it('remove a title and refuse to remove one that is not there', async () => {
    const { token } = await register();
    await call('POST', '/user/watchlist', { token, body: inception });
    expect((await call('DELETE', '/user/watchlist/27205', { token })).status).toBe(200);
    expect((await call('GET', '/user/watchlist', { token })).body).toEqual([]);
    const again = await call<{ message: string }>('DELETE', '/user/watchlist/27205', { token });
    expect(again.status).toBe(404);
    expect(again.body.message).toMatch(/not in your watchlist/);
  });

  it('record every view in the watch history, newest first', async () => {
    const { token } = await register();
    await call('POST', '/user/watch-history', {
      token,
      body: { ...inception, progress: 0, completed: false },
    });
    await call('POST', '/user/watch-history', {
      token,
      body: {
        contentId: 1399,
        contentType: 'tv',
        title: 'Game of Thrones',
        poster: null,
        progress: 40,
        completed: false,
      },
    });
    await call('POST', '/user/watch-history', {
      token,
      body: { ...inception, progress: 100, completed: true },
    });
    const history = await call<{ title: string; progress: number; watchedAt: string }[]>(
      'GET',
      '/user/watch-history',
      { token },
    );
    expect(history.body.map((h) => [h.title, h.progress])).toEqual([
      ['Inception', 100],
      ['Game of Thrones', 40],
      ['Inception', 0],
    ]);
  });

  it('tell their changes over time, from the events', async () => {
    const { token } = await register();
    await call('POST', '/user/favorites', { token, body: inception });
    await call('POST', '/user/watchlist', { token, body: inception });
    await call('DELETE', '/user/favorites/27205', { token });
    const activity = await call<{ action: string; list: string; title: string }[]>('GET', '/user/activity', {
      token,
    });
    expect(activity.body.map((a) => [a.action, a.list, a.title])).toEqual([
      ['removed', 'favorites', 'Inception'],
      ['added', 'watchlist', 'Inception'],
      ['added', 'favorites', 'Inception'],
    ]);
  });

  it('refuse bad input and guests', async () => {
    const { token } = await register();
    const bad = await call<{ message: string }>('POST', '/user/favorites', {
      token,
      body: { ...inception, contentType: 'book' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/contentType must be movie or tv/);
    expect((await call('POST', '/user/favorites', { body: inception })).status).toBe(401);
    expect((await call('GET', '/user/watch-history')).status).toBe(401);
  });
});

describe('admins', () => {
  it('list the users a page at a time, newest first', async () => {
    const admin = await signInAsAdmin();
    const first = await register('Newest Member');
    const page = await call<{
      users: { id: string; name: string }[];
      pages: number;
      total: number;
      page: number;
    }>('GET', '/admin/users?page=1&limit=5', { token: admin, after: first.position }); // another session's write
    expect(page.status).toBe(200);
    expect(page.body.users).toHaveLength(5);
    expect(page.body.users[0]).toMatchObject({ id: first.id, name: 'Newest Member', role: 'user' });
    expect(page.body.pages).toBe(Math.ceil(page.body.total / 5));
    expect((await call('GET', '/admin/users?page=0', { token: admin })).status).toBe(400);
    expect((await call('GET', '/admin/users?limit=10000', { token: admin })).status).toBe(400);
  });

  it('promote a member, who can use admin routes at once, and demote them, which ends their tokens at once', async () => {
    const admin = await signInAsAdmin();
    const member = await register();
    expect((await call('GET', '/admin/users', { token: member.token })).status).toBe(403);
    expect(
      (await call('PUT', `/admin/users/${member.id}/role`, { token: admin, body: { role: 'admin' } })).status,
    ).toBe(200);
    expect((await call('GET', '/admin/users', { token: member.token })).status).toBe(200);
    expect((await call('GET', '/auth/me', { token: member.token })).body.role).toBe('admin');
    expect(
      (await call('PUT', `/admin/users/${member.id}/role`, { token: admin, body: { role: 'user' } })).status,
    ).toBe(200);
    expect(await call('GET', '/admin/users', { token: member.token })).toEqual({
      status: 401,
      body: { message: 'Your session has ended. Please sign in again.' },
    });
    // They sign in again, as a member.
    const again = await call<{ token: string; role: string }>('POST', '/auth/login', {
      body: { email: member.email, password: 'secret-1' },
    });
    expect(again.body.role).toBe('user');
    expect((await call('GET', '/admin/users', { token: again.body.token })).status).toBe(403);
  });

  it('cannot demote or delete the last admin, nor delete themselves', async () => {
    const admin = await signInAsAdmin();
    const me = await call<{ id: string }>('GET', '/auth/me', { token: admin });
    const demote = await call<{ message: string }>('PUT', `/admin/users/${me.body.id}/role`, {
      token: admin,
      body: { role: 'user' },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toMatch(/last admin/);
    const self = await call<{ message: string }>('DELETE', `/admin/users/${me.body.id}`, { token: admin });
    expect(self.status).toBe(409);
    expect(self.body.message).toMatch(/your own account/);
    // A second admin cannot delete the only other one when that would leave none: here two exist.
    const other = await register();
    await call('PUT', `/admin/users/${other.id}/role`, { token: admin, body: { role: 'admin' } });
    const demoteRoot = await call('PUT', `/admin/users/${me.body.id}/role`, {
      token: other.token,
      body: { role: 'user' },
    });
    expect(demoteRoot.status).toBe(200);
    const lastOne = await call<{ message: string }>('PUT', `/admin/users/${other.id}/role`, {
      token: other.token,
      body: { role: 'user' },
    });
    expect(lastOne.status).toBe(409);
    // Put things back for the other tests.
    expect(
      (await call('PUT', `/admin/users/${me.body.id}/role`, { token: other.token, body: { role: 'admin' } }))
        .status,
    ).toBe(200);
  });

  it('delete a member, whose token stops working and whose address can sign up again', async () => {
    const admin = await signInAsAdmin();
    const member = await register();
    await call('POST', '/user/favorites', {
      token: member.token,
      body: { contentId: 1, contentType: 'movie', title: 'One', poster: null },
    });
    expect((await call('DELETE', `/admin/users/${member.id}`, { token: admin })).status).toBe(200);
    expect((await call('GET', '/auth/me', { token: member.token })).status).toBe(401);
    expect((await call('DELETE', `/admin/users/${member.id}`, { token: admin })).status).toBe(404);
    const again = await call<{ id: string; favorites: unknown[] }>('POST', '/auth/register', {
      body: { name: 'Back Again', email: member.email, password: 'secret-2' },
    });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(member.id);
    expect(again.body.favorites).toEqual([]);
  });

  it('refuse unknown users and roles', async () => {
    const admin = await signInAsAdmin();
    expect(
      (await call('PUT', '/admin/users/nobody/role', { token: admin, body: { role: 'admin' } })).status,
    ).toBe(404);
    const member = await register();
    const bad = await call<{ message: string }>('PUT', `/admin/users/${member.id}/role`, {
      token: admin,
      body: { role: 'owner' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/role must be admin or user/);
  });
});

describe('every admin route', () => {
  it('refuses guests with 401 and members with 403', async () => {
    const app = site.running.app!;
    const adminRoutes = registeredRoutes(app)
      .map((r) => ({ method: r.method, path: r.path.replace(/^\/api/, '') }))
      .filter((r) => ADMIN_API_PREFIXES.some((p) => r.path.startsWith(`${p}/`) || r.path === p));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(3);
    const member = await register();
    for (const route of adminRoutes) {
      const path = route.path.replace(/:(\w+)/g, 'some-$1');
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const guest = await call(route.method, path, body === undefined ? {} : { body });
      expect(guest.status, `${route.method} ${path} as a guest`).toBe(401);
      const asMember = await call(route.method, path, {
        token: member.token,
        ...(body === undefined ? {} : { body }),
      });
      expect(asMember.status, `${route.method} ${path} as a member`).toBe(403);
    }
  });
});

describe('replaying a read model from the admin API', () => {
  it('starts a replay job and reports its progress until the new generation is live', async () => {
    const admin = await signInAsAdmin();
    const before = await call<{ name: string; generation: number }[]>('GET', '/admin/projections', {
      token: admin,
    });
    const users = before.body.find((p) => p.name === 'users')!;
    const started = await call<{ jobId: string }>('POST', '/admin/projections/users/replay', {
      token: admin,
    });
    expect(started.status).toBe(202);
    const deadline = Date.now() + 20_000;
    let status:
      { generation: number; replay: { state: string; progress: { fraction: number } | null } } | undefined;
    while (Date.now() < deadline) {
      const reply = await call<(typeof status)[]>('GET', '/admin/projections', { token: admin });
      status = reply.body.find((p) => p?.replay && (p as unknown as { name: string }).name === 'users');
      if (status?.replay.state === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status?.replay.state).toBe('completed');
    expect(status?.generation).toBeGreaterThan(users.generation);
    expect(status?.replay.progress?.fraction).toBe(1);
    // Still serving the same answers from the new generation.
    expect((await call('GET', '/admin/users', { token: admin })).status).toBe(200);
    expect((await call('POST', '/admin/projections/nope/replay', { token: admin })).status).toBe(404);
  });
});
