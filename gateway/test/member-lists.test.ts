import { encodePosition, streams } from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';
import { useSite } from './support/site.js';
import { type ApiCallOptions, callApi } from './support/api.js';

const site = useSite('member-lists', {
  ADMIN_EMAIL: 'root@example.com',
  ADMIN_PASSWORD: 'root-password-1',
  // The members play clients at several addresses through X-Forwarded-For, as behind a proxy.
  TRUST_PROXY: 'loopback',
});

const call = <T = Record<string, unknown>>(
  method: string,
  path: string,
  { address, ...options }: ApiCallOptions & { address?: string } = {},
) => callApi<T>(site.url, method, path, { ...options, ip: address });

let members = 0;
/** A new member, on a network of their own unless told. */
async function signUp(address = `10.20.${Math.floor(++members / 250)}.${members % 250}`) {
  const email = `lists-${members}-${Date.now()}@example.com`;
  const reply = await call<{ token: string; id: string }>('POST', '/auth/register', {
    body: { name: 'Member', email, password: 'secret-1' },
    address,
  });
  expect(reply.status).toBe(201);
  return { ...reply.body, email, address };
}

const thrones = { contentId: 1399, contentType: 'tv', title: 'Game of Thrones', poster: '/got.jpg' } as const;
const thronesFilm = { contentId: 1399, contentType: 'movie', title: 'Thrones', poster: null } as const;

type Listed = { contentId: number | string; contentType: string; title: string };
const entries = (items: Listed[]) => items.map((i) => `${i.contentType} ${i.contentId} ${i.title}`).sort();

describe('a movie and a TV show with the same id', () => {
  it('are two favorites: in the lists, in the member’s profile and in the sign-in answer', async () => {
    const member = await signUp();
    const { token } = member;
    expect((await call('POST', '/user/favorites', { token, body: thronesFilm })).status).toBe(201);
    const show = await call('POST', '/user/favorites', { token, body: thrones });
    expect(show.status).toBe(201);
    expect(show.body).toMatchObject(thrones);
    // Adding either again keeps its one entry.
    expect(
      (await call('POST', '/user/favorites', { token, body: { ...thrones, contentId: '1399' } })).status,
    ).toBe(200);

    const both = ['movie 1399 Thrones', 'tv 1399 Game of Thrones'];
    expect(entries((await call<Listed[]>('GET', '/user/favorites', { token })).body)).toEqual(both);
    const me = await call<{ favorites: Listed[]; watchlist: Listed[] }>('GET', '/auth/me', { token });
    expect(entries(me.body.favorites)).toEqual(both);
    expect(me.body.watchlist).toEqual([]);
    const signedIn = await call<{ favorites: Listed[] }>('POST', '/auth/login', {
      body: { email: member.email, password: 'secret-1' },
      address: member.address,
    });
    expect(signedIn.status).toBe(200);
    expect(entries(signedIn.body.favorites)).toEqual(both);
  });

  it('are removed one at a time: the type asked for, or without one the title added last, and the answer says which', async () => {
    const { token } = await signUp();
    await call('POST', '/user/watchlist', { token, body: thrones });
    await call('POST', '/user/watchlist', { token, body: thronesFilm });

    const show = await call('DELETE', '/user/watchlist/1399?contentType=tv', { token });
    expect(show).toEqual({
      status: 200,
      body: { message: 'Removed the TV show 1399 from your watchlist.', contentId: 1399, contentType: 'tv' },
    });
    expect(entries((await call<Listed[]>('GET', '/user/watchlist', { token })).body)).toEqual([
      'movie 1399 Thrones',
    ]);
    const missing = await call<{ message: string }>('DELETE', '/user/watchlist/1399?contentType=tv', {
      token,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('That title is not in your watchlist.');

    await call('POST', '/user/watchlist', { token, body: thrones });
    const last = await call('DELETE', '/user/watchlist/1399', { token });
    expect(last).toEqual({
      status: 200,
      body: { message: 'Removed the TV show 1399 from your watchlist.', contentId: 1399, contentType: 'tv' },
    });
    const only = await call('DELETE', '/user/watchlist/1399', { token });
    expect(only.body).toMatchObject({
      contentType: 'movie',
      message: 'Removed the movie 1399 from your watchlist.',
    });
    expect((await call('DELETE', '/user/watchlist/1399', { token })).status).toBe(404);
    expect((await call('GET', '/user/watchlist', { token })).body).toEqual([]);
  });

  it('are named with a contentType the API knows, or refused', async () => {
    const { token } = await signUp();
    for (const query of ['?contentType=book', '?contentType=', '?type=tv']) {
      const refused = await call<{ message: string }>('DELETE', `/user/favorites/1399${query}`, { token });
      expect(refused.status, query).toBe(400);
      expect(typeof refused.body.message).toBe('string');
    }
    const refused = await call<{ message: string }>('DELETE', '/user/favorites/1399?contentType=book', {
      token,
    });
    expect(refused.body.message).toMatch(/contentType must be movie or tv/);
  });
});

describe('a library recorded before entries had a type', () => {
  it('reads as it was recorded, and takes new changes of either type', async () => {
    const { token, id } = await signUp();
    const store = site.running.store!;
    const at = (minute: number) => ({ occurredAt: `2026-01-01T12:0${minute}:00.000Z`, actor: id });
    // As the site stored it then: additions as now, removals naming the id alone (version 1).
    const { position } = await store.append(
      streams.library(id),
      [
        {
          type: 'FavoriteAdded',
          version: 1,
          data: { userId: id, contentId: 550, contentType: 'movie', title: 'Fight Club', poster: null },
          metadata: at(0),
        },
        { type: 'FavoriteAdded', version: 1, data: { userId: id, ...thrones }, metadata: at(1) },
        { type: 'FavoriteRemoved', version: 1, data: { userId: id, contentId: 550 }, metadata: at(2) },
        {
          type: 'WatchlistItemAdded',
          version: 1,
          data: { userId: id, contentId: 13, contentType: 'movie', title: 'Forrest Gump', poster: null },
          metadata: at(3),
        },
        { type: 'WatchlistItemRemoved', version: 1, data: { userId: id, contentId: 13 }, metadata: at(4) },
        { type: 'WatchlistItemAdded', version: 1, data: { userId: id, ...thronesFilm }, metadata: at(5) },
      ],
      { expectedRevision: 'no_stream' },
    );
    const after = encodePosition(position);
    expect(entries((await call<Listed[]>('GET', '/user/favorites', { token, after })).body)).toEqual([
      'tv 1399 Game of Thrones',
    ]);
    expect(entries((await call<Listed[]>('GET', '/user/watchlist', { token, after })).body)).toEqual([
      'movie 1399 Thrones',
    ]);
    const activity = await call<{ action: string; title: string | null; contentType: string | null }[]>(
      'GET',
      '/user/activity',
      { token, after },
    );
    expect(activity.body.map((a) => `${a.action} ${a.title} ${a.contentType}`)).toEqual([
      'added Thrones movie',
      'removed Forrest Gump movie',
      'added Forrest Gump movie',
      'removed Fight Club movie',
      'added Game of Thrones tv',
      'added Fight Club movie',
    ]);

    // Decided on the same history: the film joins the show, and each leaves alone.
    expect((await call('POST', '/user/favorites', { token, body: thronesFilm })).status).toBe(201);
    expect((await call('POST', '/user/favorites', { token, body: { ...thrones, title: 'x' } })).status).toBe(
      200,
    );
    expect((await call('DELETE', '/user/favorites/550', { token })).status).toBe(404);
    expect((await call('DELETE', '/user/favorites/1399?contentType=tv', { token })).status).toBe(200);
    expect(entries((await call<Listed[]>('GET', '/user/favorites', { token })).body)).toEqual([
      'movie 1399 Thrones',
    ]);
  });
});

describe('list changes from one network', () => {
  it('are refused with 429 past 300 a minute, whichever members make them, while other networks go on', async () => {
    const network = '10.99.0.1';
    const together = [await signUp(network), await signUp(network), await signUp(network)];
    const title = (n: number) => ({ contentId: n, contentType: 'movie', title: `Film ${n}`, poster: null });
    // The limit's windows are whole minutes of the clock, the last one's count fading through the
    // next: a burst across a minute's end would see places free up. So it starts early in a minute.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 30_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 200));
    // Two members make all they may (120 each), the third the 60 left of the network's 300.
    await Promise.all(
      together.map(async (member, i) => {
        for (let made = 0; made < (i < 2 ? 120 : 60); made++) {
          const body = title(i * 1000 + made);
          const reply = await call('POST', '/user/favorites', {
            token: member.token,
            body,
            address: network,
          });
          expect(reply.status).toBe(201);
        }
      }),
    );
    const refused = await call<{ message: string }>('POST', '/user/watchlist', {
      token: together[2]!.token,
      body: title(1),
      address: network,
    });
    expect(refused).toEqual({
      status: 429,
      body: { message: 'Too many list changes from your network. Please wait a minute and try again.' },
    });
    const elsewhere = await signUp();
    expect((await call('POST', '/user/watchlist', { token: elsewhere.token, body: title(1) })).status).toBe(
      201,
    );
  }, 120_000);
});
