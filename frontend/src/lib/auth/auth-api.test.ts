import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowser, type StubbedBrowser } from '../../testing/stubbed-browser';
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

let storage: StubbedBrowser['storage'];
let location: StubbedBrowser['location'];
let calls: StubbedBrowser['calls'];
let answer: StubbedBrowser['answer'];

/** The addresses asked for, in order. */
const requested = () => calls.map((call) => call.url);

beforeEach(() => {
  ({ storage, location, calls, answer } = stubBrowser('/'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session check at start-up', () => {
  it('treats a visitor without a stored token as a guest without asking the server', async () => {
    expect(await fetchCurrentUser()).toBeNull();
    expect(requested()).toEqual([]);
  });

  it('reads the member behind a stored token and keeps the stored user up to date', async () => {
    storage.set('token', 'abc');
    answer(200, { ...member, name: 'Ann Lee-Park' });

    expect(await fetchCurrentUser()).toMatchObject({ name: 'Ann Lee-Park', role: 'user' });
    expect(requested()).toEqual(['/api/auth/me']);
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
