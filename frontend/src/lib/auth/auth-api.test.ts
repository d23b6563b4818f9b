import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchCurrentUser, signIn } from './auth-api';

const member = {
  id: 'u1',
  name: 'Ann Lee',
  email: 'ann@example.com',
  role: 'user',
  createdAt: '2025-01-01T00:00:00.000Z',
  favorites: [],
  watchlist: [],
};

let storage: Map<string, string>;
let answers: Response[];
let requested: string[];
let location: { pathname: string; assign: ReturnType<typeof vi.fn> };

function answer(status: number, body: unknown): void {
  answers.push(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

beforeEach(() => {
  storage = new Map();
  answers = [];
  requested = [];
  location = { pathname: '/', assign: vi.fn() };
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  vi.stubGlobal('window', { location });
  vi.stubGlobal('fetch', async (url: string) => {
    requested.push(url);
    const next = answers.shift();
    if (!next) throw new Error(`no answer prepared for ${url}`);
    return next;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session check at start-up', () => {
  it('treats a visitor without a stored token as a guest without asking the server', async () => {
    expect(await fetchCurrentUser()).toBeNull();
    expect(requested).toEqual([]);
  });

  it('reads the member behind a stored token and keeps the stored user up to date', async () => {
    storage.set('token', 'abc');
    answer(200, { ...member, name: 'Ann Lee-Park' });

    expect(await fetchCurrentUser()).toMatchObject({ name: 'Ann Lee-Park', role: 'user' });
    expect(requested).toEqual(['/api/auth/me']);
    expect(JSON.parse(storage.get('user') ?? '{}')).toMatchObject({ name: 'Ann Lee-Park' });
  });

  it('drops a stale token quietly, without sending the visitor to /login', async () => {
    storage.set('token', 'expired');
    storage.set('user', JSON.stringify(member));
    answer(401, { message: 'Not signed in' });

    expect(await fetchCurrentUser()).toBeNull();
    expect(storage.has('token')).toBe(false);
    expect(storage.has('user')).toBe(false);
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('leaves the token alone on a server failure, so the check can be retried', async () => {
    storage.set('token', 'abc');
    answer(503, { message: 'Unavailable' });

    await expect(fetchCurrentUser()).rejects.toMatchObject({ status: 503 });
    expect(storage.get('token')).toBe('abc');
  });
});

describe('signing in', () => {
  it('returns the token and the member from the answer', async () => {
    answer(200, { ...member, token: 'jwt', user: member });

    expect(await signIn({ email: member.email, password: 'secret-1' })).toEqual({
      token: 'jwt',
      user: member,
    });
  });

  it("rejects with the server's message for a wrong password and stays on the page", async () => {
    location.pathname = '/somewhere';
    answer(401, { message: 'Invalid email or password.' });

    await expect(signIn({ email: member.email, password: 'nope' })).rejects.toMatchObject({
      serverMessage: 'Invalid email or password.',
    });
    expect(location.assign).not.toHaveBeenCalled();
  });
});
