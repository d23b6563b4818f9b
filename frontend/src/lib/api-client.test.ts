import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RecordedCall, stubBrowser, type StubbedBrowser } from '../testing/stubbed-browser';
import { ApiError, apiClient, errorMessageOf, failureWithReason, forgetEventPosition } from './api-client';

let calls: RecordedCall[];
let storage: StubbedBrowser['storage'];
let location: StubbedBrowser['location'];
let answer: StubbedBrowser['answer'];
let answerWith: StubbedBrowser['answerWith'];

function lastCall(): RecordedCall {
  const call = calls.at(-1);
  if (!call) throw new Error('no request was made');
  return call;
}

beforeEach(() => {
  ({ calls, storage, location, answer, answerWith } = stubBrowser('/movies'));
  forgetEventPosition();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the api client', () => {
  it('calls the backend under /api and leaves empty query values out', async () => {
    answer(200, { movies: [] });

    const result = await apiClient.get('/movies', { query: { page: 2, search: undefined, genre: null } });

    expect(result).toEqual({ movies: [] });
    expect(lastCall().url).toBe('/api/movies?page=2');
  });

  it('sends the stored token as a bearer token, and no token when none is stored', async () => {
    answer(200, {});
    await apiClient.get('/home');
    expect(lastCall().headers.has('Authorization')).toBe(false);

    storage.set('token', 'abc');
    answer(200, {});
    await apiClient.get('/home');
    expect(lastCall().headers.get('Authorization')).toBe('Bearer abc');
  });

  it('sends objects as JSON and leaves the content type of a file upload to the browser', async () => {
    answer(200, {});
    await apiClient.post('/support/contact', { name: 'Ann' });
    expect(lastCall().headers.get('Content-Type')).toBe('application/json');
    expect(lastCall().body).toBe('{"name":"Ann"}');

    const form = new FormData();
    form.append('type', 'movie');
    answer(200, {});
    await apiClient.post('/admin/datasets/upload', form);
    expect(lastCall().headers.has('Content-Type')).toBe(false);
    expect(lastCall().body).toBe(form);
  });

  it("throws the server's message with the status", async () => {
    answer(409, { message: 'Email already registered' });

    const error = await apiClient.post('/auth/register', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Email already registered' });
    expect(errorMessageOf(error, 'Failed to create account.')).toBe('Email already registered');
  });

  it("falls back to the screen's own words when the server sent no message", async () => {
    answerWith(new Response('<html>Bad Gateway</html>', { status: 502 }));

    const error = await apiClient.post('/auth/login', {}).catch((e: unknown) => e);

    expect(error).toMatchObject({
      status: 502,
      serverMessage: null,
      message: 'The server could not do this just now. Please try again in a moment.',
    });
    expect(errorMessageOf(error, 'Failed to login.')).toBe('Failed to login.');
    expect(errorMessageOf(new TypeError('Failed to fetch'), 'Failed to login.')).toBe('Failed to login.');
  });

  it('never says "Request failed with status": a failure without a message is put in words', async () => {
    for (const status of [400, 403, 404, 413, 429, 500, 502, 503]) {
      expect(new ApiError(status, null).message).not.toMatch(/status|\d{3}/);
    }
    expect(new ApiError(500, null).message).toBe(
      'The server could not do this just now. Please try again in a moment.',
    );
  });

  it("follows a screen's own words with the server's reason, when it gave one", () => {
    const lastAdmin = new ApiError(409, 'This is the last admin: make someone else an admin first.');
    expect(failureWithReason(lastAdmin, 'Failed to update user role')).toBe(
      'Failed to update user role. This is the last admin: make someone else an admin first.',
    );
    expect(failureWithReason(new ApiError(500, null), 'Failed to update user role')).toBe(
      'Failed to update user role',
    );
  });

  it('signs the visitor out and goes to /login on a 401', async () => {
    storage.set('token', 'expired');
    storage.set('user', '{"name":"Ann"}');
    answer(401, { message: 'Not signed in' });

    await expect(apiClient.get('/user/favorites')).rejects.toMatchObject({ status: 401 });

    expect(storage.has('token')).toBe(false);
    expect(storage.has('user')).toBe(false);
    expect(location.assign).toHaveBeenCalledWith('/login');
  });

  it('stays on the sign-in page on a 401 there, so the form can show why', async () => {
    location.pathname = '/login';
    answer(401, { message: 'Invalid email or password' });

    await expect(apiClient.post('/auth/login', {})).rejects.toMatchObject({
      message: 'Invalid email or password',
    });
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('sends the newest event position it has seen back on reads, not on writes', async () => {
    answer(201, {}, { 'X-Event-Position': '41' });
    await apiClient.post('/user/favorites', {});
    answer(201, {}, { 'X-Event-Position': '40' });
    await apiClient.post('/user/watchlist', {});

    answer(200, []);
    await apiClient.get('/user/favorites');
    expect(lastCall().headers.get('X-Event-Position')).toBe('41');

    answer(200, {});
    await apiClient.delete('/user/favorites/7');
    expect(lastCall().headers.has('X-Event-Position')).toBe(false);
  });

  it('asks a read again when the read models were behind on it, and no write', async () => {
    vi.useFakeTimers();
    try {
      answer(200, [], { 'X-Read-Model-Behind': '1' });
      answer(200, [{ contentId: 603 }]);
      const read = apiClient.get<unknown[]>('/user/watchlist');
      await vi.runAllTimersAsync();
      expect(await read).toEqual([{ contentId: 603 }]);
      expect(calls).toHaveLength(2);

      // Behind every time: the last answer is taken, after three more asks.
      for (let i = 0; i < 4; i++) answer(200, [], { 'X-Read-Model-Behind': '1' });
      const stillBehind = apiClient.get<unknown[]>('/user/watchlist');
      await vi.runAllTimersAsync();
      expect(await stillBehind).toEqual([]);
      expect(calls).toHaveLength(6);

      answer(201, { ok: true }, { 'X-Read-Model-Behind': '1' });
      await apiClient.post('/user/watchlist', { contentId: 603 });
      expect(calls).toHaveLength(7);
    } finally {
      vi.useRealTimers();
    }
  });
});
