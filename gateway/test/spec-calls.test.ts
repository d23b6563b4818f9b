/**
 * Spec section 7, replayed row by row in the table's order, as a client written from that table
 * alone sends each call: the query parameters and bodies the table names (empty filters sent as
 * empty strings, `hidden=all` and `fast=1` as they are, beacons with no body), a stored token on
 * every call once there is one, and only the parts of each answer the table says are used.
 */
import { readFileSync } from 'node:fs';
import { datasetUploadForm } from '@cinefold/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_AD } from './support/ads.js';
import { ADMIN, ADMIN_SETTINGS, useSite } from './support/site.js';

const SAMPLE = '../shared/data/tmdb-movies-2631.csv';
const site = useSite('spec-calls', {
  ...ADMIN_SETTINGS,
  UPLOAD_MAX_BYTES: String(8 * 1024 * 1024),
});

const TV_HEADER =
  'id,name,number_of_seasons,number_of_episodes,original_language,vote_count,vote_average,overview,adult,backdrop_path,first_air_date,last_air_date,homepage,in_production,original_name,popularity,poster_path,type,status,tagline,genres,created_by,languages,networks,origin_country,spoken_languages,production_companies,production_countries,episode_run_time';
const TV_ROWS = [
  `1399,Game of Thrones,8,73,en,21857,8.442,"Seven noble families fight for control of Westeros.",False,/b.jpg,2011-04-17,2019-05-19,,False,Game of Thrones,1088.6,/p.jpg,Scripted,Ended,Winter Is Coming,"Sci-Fi & Fantasy, Drama",David Benioff,en,HBO,US,English,Television 360,United States of America,60`,
  `66732,Stranger Things,4,34,en,16000,8.6,"A small town uncovers a mystery.",False,,2016-07-15,2022-07-01,,True,Stranger Things,400.2,,Scripted,Returning Series,,"Drama, Mystery",The Duffer Brothers,en,Netflix,US,English,21 Laps Entertainment,United States of America,50`,
];

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** The client of the spec: `/api` base, the stored token on every call (section 7, first paragraph). */
const client = {
  token: null as string | null,
  async call(
    method: string,
    path: string,
    options: {
      query?: Record<string, string | number>;
      body?: unknown;
      form?: FormData;
      /** A body as it is, with a JSON content type: a client whose every request says JSON. */
      raw?: string;
    } = {},
  ): Promise<Answer> {
    const query = options.query
      ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]): [string, string] => [k, String(v)]))}`
      : '';
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    // JSON for a body; a multipart upload's content type is left for the client to set.
    if (options.body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${site.url}/api${path}${query}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.form ? { body: options.form } : {}),
      ...(options.raw !== undefined ? { body: options.raw } : {}),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as unknown) : null,
      headers: response.headers,
    };
  },
};

/** What the test learns on the way, as the client would (ids from answers). */
const seen = { adminId: '', memberId: '', memberEmail: '', movieId: 0, tvId: 0, adId: '' };

/** 2xx, with the answer's message in the failure when not. */
function ok(answer: Answer, row: string): void {
  expect(answer.status, `${row}: ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(200);
  expect(answer.status, `${row}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
}

/** A list answer in either of the forms the landing pages take: `{ movies }` or a bare array. */
function moviesOf(body: unknown): Json[] {
  return (Array.isArray(body) ? body : (body as { movies: Json[] }).movies) as Json[];
}

async function asAdmin<T>(calls: () => Promise<T>): Promise<T> {
  const stored = client.token;
  const signedIn = await client.call('POST', '/auth/login', { body: ADMIN });
  client.token = (signedIn.body as { token: string }).token;
  try {
    return await calls();
  } finally {
    client.token = stored;
  }
}

beforeAll(async () => {
  // The catalogue and one ad the visitor's calls read: the admin's own calls of the table.
  await asAdmin(async () => {
    const form = datasetUploadForm(new Blob([readFileSync(SAMPLE)]), 'movies.csv', { type: 'movie' });
    ok(await client.call('POST', '/admin/datasets/upload', { form }), 'upload movies');
    const tv = datasetUploadForm(new Blob([`${TV_HEADER}\n${TV_ROWS.join('\n')}\n`]), 'tv.csv', {
      type: 'tv',
    });
    ok(await client.call('POST', '/admin/datasets/upload', { form: tv }), 'upload tv');
    const ad = await client.call('POST', '/admin/ads', {
      body: {
        ...IMAGE_AD,
        title: 'Opening night',
        description: 'Tickets on sale',
        imageUrl: 'https://ads.example/night.png',
        linkUrl: 'https://tickets.example/',
      },
    });
    ok(ad, 'create ad');
    seen.adId = (ad.body as { id: string }).id;
    // The admin's own read waits for their writes: the ad is in its slot after it.
    ok(await client.call('GET', '/admin/ads'), 'admin ads');
  });
}, 120_000);

describe('spec section 7, every call in the table’s order', () => {
  it('GET /auth/me: the current user with favorites, watchlist and role', async () => {
    await asAdmin(async () => {
      const me = await client.call('GET', '/auth/me');
      ok(me, 'GET /auth/me');
      expect(me.body).toMatchObject({ role: 'admin', favorites: [], watchlist: [] });
      seen.adminId = (me.body as { id: string }).id;
    });
  });

  it('POST /auth/login {email, password}: a token and the user’s fields', async () => {
    const answer = await client.call('POST', '/auth/login', { body: ADMIN });
    ok(answer, 'POST /auth/login');
    expect(answer.body).toMatchObject({ token: expect.any(String), email: ADMIN.email, role: 'admin' });
  });

  it('POST /auth/register {name, email, password}: a token and the user’s fields, then stored', async () => {
    seen.memberEmail = 'viewer@example.com';
    const answer = await client.call('POST', '/auth/register', {
      body: { name: 'Viewer', email: seen.memberEmail, password: 'secret1' },
    });
    ok(answer, 'POST /auth/register');
    expect(answer.body).toMatchObject({ token: expect.any(String), name: 'Viewer', role: 'user' });
    const body = answer.body as { token: string; id: string };
    seen.memberId = body.id;
    // From here on the client is the signed-in member: every call carries the token.
    client.token = body.token;
  });

  it('GET /home: the four rows', async () => {
    const answer = await client.call('GET', '/home');
    ok(answer, 'GET /home');
    const body = answer.body as Record<string, Json[]>;
    for (const row of ['trendingMovies', 'trendingTVShows', 'topRatedMovies', 'topRatedTVShows']) {
      expect(body[row]!.length, row).toBeGreaterThan(0);
    }
  });

  it('GET /movies/trending/now: an array of movies', async () => {
    const answer = await client.call('GET', '/movies/trending/now');
    ok(answer, 'GET /movies/trending/now');
    expect((answer.body as Json[]).length).toBeGreaterThan(0);
    seen.movieId = (answer.body as { id: number }[])[0]!.id;
  });

  it('GET /movies with page, search, genre, sortBy and limit=20 (empty filters sent empty): movies and pages', async () => {
    for (const sortBy of ['popularity', 'rating', 'release_date', 'title']) {
      const answer = await client.call('GET', '/movies', {
        query: { page: 1, search: '', genre: '', sortBy, limit: 20 },
      });
      ok(answer, `GET /movies sortBy=${sortBy}`);
      expect((answer.body as { movies: Json[] }).movies).toHaveLength(20);
      expect((answer.body as { pages: number }).pages).toBeGreaterThan(1);
    }
    const searched = await client.call('GET', '/movies', {
      query: { page: 2, search: 'the', genre: 'Drama', sortBy: 'popularity', limit: 20 },
    });
    ok(searched, 'GET /movies searched');
    expect((searched.body as { movies: Json[] }).movies.length).toBeGreaterThan(0);
  });

  it('GET /movies as the landing pages ask (genre title without “Movies”, limit, sortBy, year): a movies list', async () => {
    const genres = [
      'Action',
      'Comedy',
      'Horror',
      'Drama',
      'Thriller',
      'Sci-Fi',
      'Romance',
      'Animation',
      'Crime',
      'Fantasy',
    ];
    for (const genre of genres) {
      const answer = await client.call('GET', '/movies', {
        query: { genre, limit: 50, sortBy: 'popularity' },
      });
      ok(answer, `genre page ${genre}`);
      expect(moviesOf(answer.body).length, genre).toBeGreaterThan(0);
    }
    const year = await client.call('GET', '/movies', {
      query: { year: 2014, limit: 50, sortBy: 'popularity' },
    });
    ok(year, 'year page');
    expect(moviesOf(year.body).every((movie) => String(movie.release_date).includes('2014'))).toBe(true);
    expect(moviesOf(year.body).length).toBeGreaterThan(0);
    const top = await client.call('GET', '/movies', { query: { limit: 100, sortBy: 'rating' } });
    ok(top, 'top-100 page');
    expect(moviesOf(top.body)).toHaveLength(100);
    const trending = await client.call('GET', '/movies', { query: { limit: 50, sortBy: 'popularity' } });
    expect(moviesOf(trending.body)).toHaveLength(50);
    const marvel = await client.call('GET', '/movies', { query: { limit: 100, sortBy: 'popularity' } });
    expect(moviesOf(marvel.body)).toHaveLength(100);
  });

  it('GET /movies/metadata/genres: an array of genre names', async () => {
    const answer = await client.call('GET', '/movies/metadata/genres');
    ok(answer, 'GET /movies/metadata/genres');
    expect(answer.body).toEqual(expect.arrayContaining(['Action', 'Drama']));
  });

  it('GET /movies/{id}: the movie', async () => {
    const answer = await client.call('GET', `/movies/${seen.movieId}`);
    ok(answer, 'GET /movies/{id}');
    expect(answer.body).toMatchObject({ id: seen.movieId, title: expect.any(String) });
  });

  it('GET /tvshows with page, search, genre, sortBy and limit=20: tvShows and pages', async () => {
    for (const sortBy of ['popularity', 'rating', 'first_air_date', 'name']) {
      const answer = await client.call('GET', '/tvshows', {
        query: { page: 1, search: '', genre: '', sortBy, limit: 20 },
      });
      ok(answer, `GET /tvshows sortBy=${sortBy}`);
      expect((answer.body as { tvShows: Json[] }).tvShows).toHaveLength(2);
      expect(answer.body).toMatchObject({ pages: 1 });
    }
    const drama = await client.call('GET', '/tvshows', {
      query: { page: 1, search: 'stranger', genre: 'Drama', sortBy: 'popularity', limit: 20 },
    });
    expect((drama.body as { tvShows: { id: number }[] }).tvShows.map((show) => show.id)).toEqual([66732]);
    seen.tvId = 1399;
  });

  it('GET /tvshows/metadata/genres: an array of genre names', async () => {
    const answer = await client.call('GET', '/tvshows/metadata/genres');
    ok(answer, 'GET /tvshows/metadata/genres');
    expect(answer.body).toEqual(expect.arrayContaining(['Drama']));
  });

  it('GET /tvshows/{id}: the TV show', async () => {
    const answer = await client.call('GET', `/tvshows/${seen.tvId}`);
    ok(answer, 'GET /tvshows/{id}');
    expect(answer.body).toMatchObject({ id: seen.tvId, name: 'Game of Thrones' });
  });

  it('GET /tvshows/{id}/seasons: the seasons', async () => {
    const answer = await client.call('GET', `/tvshows/${seen.tvId}/seasons`);
    ok(answer, 'GET /tvshows/{id}/seasons');
    const seasons = answer.body as { season_number: number; episode_count: number }[];
    expect(seasons).toHaveLength(8);
    expect(seasons[0]).toMatchObject({ season_number: 1, episode_count: expect.any(Number) });
  });

  it('POST /user/watch-history {contentId, contentType, title, poster, progress: 0, completed: false}', async () => {
    const answer = await client.call('POST', '/user/watch-history', {
      body: {
        contentId: seen.movieId,
        contentType: 'movie',
        title: 'A movie',
        poster: '/poster.jpg',
        progress: 0,
        completed: false,
      },
    });
    ok(answer, 'POST /user/watch-history');
  });

  it('POST /user/favorites and /user/watchlist {contentId, contentType, title, poster}', async () => {
    for (const list of ['favorites', 'watchlist']) {
      for (const [contentId, contentType] of [
        [seen.movieId, 'movie'],
        [seen.tvId, 'tv'],
      ] as const) {
        const answer = await client.call('POST', `/user/${list}`, {
          body: { contentId, contentType, title: 'A title', poster: '/poster.jpg' },
        });
        ok(answer, `POST /user/${list} ${contentType}`);
      }
    }
  });

  it('DELETE /user/favorites/{contentId} and /user/watchlist/{contentId}', async () => {
    for (const list of ['favorites', 'watchlist']) {
      ok(await client.call('DELETE', `/user/${list}/${seen.tvId}`), `DELETE /user/${list}/{contentId}`);
    }
  });

  it('GET /user/watch-history, /user/favorites and /user/watchlist, loaded together: the lists', async () => {
    const [history, favorites, watchlist] = await Promise.all(
      ['watch-history', 'favorites', 'watchlist'].map((list) => client.call('GET', `/user/${list}`)),
    );
    for (const answer of [history!, favorites!, watchlist!]) ok(answer, 'GET /user/*');
    for (const answer of [history!, favorites!, watchlist!]) {
      expect((answer.body as { contentId: unknown }[]).map((item) => String(item.contentId))).toEqual([
        String(seen.movieId),
      ]);
    }
  });

  it('GET /ads?position={slot}: the ads', async () => {
    const answer = await client.call('GET', '/ads', { query: { position: 'home-hero' } });
    ok(answer, 'GET /ads');
    expect((answer.body as { id: string }[]).map((ad) => ad.id)).toEqual([seen.adId]);
  });

  it('POST /ads/{id}/impression and /ads/{id}/click with no body, signed in or not: counted', async () => {
    const member = client.token;
    for (const token of [member, null]) {
      client.token = token;
      for (const beacon of ['impression', 'click']) {
        // No body at all, and an empty one from a client that says JSON on every request.
        for (const raw of [undefined, '']) {
          const answer = await client.call(
            'POST',
            `/ads/${seen.adId}/${beacon}`,
            raw === undefined ? {} : { raw },
          );
          expect(
            answer.status,
            `${beacon} ${token ? 'member' : 'guest'}: ${JSON.stringify(answer.body)}`,
          ).toBe(204);
        }
      }
    }
    client.token = member;
    await asAdmin(async () => {
      await expect
        .poll(async () => {
          const ads = (await client.call('GET', '/admin/ads')).body as Json[];
          const ad = ads.find((each) => each.id === seen.adId);
          return ad && [ad.impressions, ad.clicks];
        })
        .toEqual([4, 4]);
    });
  });

  it('POST /analytics/track {path (with query), referrer}, signed in or not', async () => {
    const member = client.token;
    for (const token of [member, null]) {
      client.token = token;
      for (const referrer of ['', 'https://www.google.com/']) {
        const answer = await client.call('POST', '/analytics/track', {
          body: { path: '/movies?page=2', referrer },
        });
        ok(answer, `POST /analytics/track referrer=${referrer}`);
      }
    }
    client.token = member;
  });

  it('POST /support/contact {name, email, subject, message}', async () => {
    const answer = await client.call('POST', '/support/contact', {
      body: { name: 'Viewer', email: 'viewer@example.com', subject: 'Hello', message: 'A question' },
    });
    ok(answer, 'POST /support/contact');
  });

  describe('the back office, signed in as an admin', () => {
    beforeAll(async () => {
      const answer = await client.call('POST', '/auth/login', { body: ADMIN });
      client.token = (answer.body as { token: string }).token;
    });

    it('GET /admin/stats?fast=1: the dashboard stats', async () => {
      const answer = await client.call('GET', '/admin/stats', { query: { fast: 1 } });
      ok(answer, 'GET /admin/stats');
      expect(answer.body).toMatchObject({
        overview: { totalUsers: 2, totalMovies: 2630, totalTVShows: 2 },
        userActivity: expect.any(Array),
        adStats: { totalImpressions: 4, totalClicks: 4 },
        topMovies: expect.any(Array),
        topTVShows: expect.any(Array),
      });
    });

    it('GET /analytics/admin/summary?days=7: the traffic summary', async () => {
      const answer = await client.call('GET', '/analytics/admin/summary', { query: { days: 7 } });
      ok(answer, 'GET /analytics/admin/summary');
      expect(answer.body).toMatchObject({
        days: 7,
        timeseries: expect.any(Array),
        sources: expect.any(Array),
        devices: expect.any(Array),
        countries: expect.any(Array),
      });
      expect((answer.body as { timeseries: unknown[] }).timeseries).toHaveLength(7);
    });

    it('GET /admin/users?page=1&limit=20: users and pages', async () => {
      const answer = await client.call('GET', '/admin/users', { query: { page: 1, limit: 20 } });
      ok(answer, 'GET /admin/users');
      const body = answer.body as { users: { email: string }[]; pages: number };
      expect(body.users.map((user) => user.email).sort()).toEqual([ADMIN.email, seen.memberEmail].sort());
      expect(body.pages).toBe(1);
    });

    it('PUT /admin/users/{id}/role {role}', async () => {
      ok(
        await client.call('PUT', `/admin/users/${seen.memberId}/role`, { body: { role: 'admin' } }),
        'to admin',
      );
      ok(
        await client.call('PUT', `/admin/users/${seen.memberId}/role`, { body: { role: 'user' } }),
        'to user',
      );
    });

    it('DELETE /admin/users/{id}', async () => {
      ok(await client.call('DELETE', `/admin/users/${seen.memberId}`), 'DELETE /admin/users/{id}');
    });

    it('GET /admin/ads: the list of ads', async () => {
      const answer = await client.call('GET', '/admin/ads');
      ok(answer, 'GET /admin/ads');
      expect((answer.body as Json[]).map((ad) => ad.id)).toEqual([seen.adId]);
    });

    const formAd = {
      title: 'Midnight screening',
      description: '',
      type: 'network',
      provider: 'ad-maven',
      embedCode: '<script src="https://network.example/tag.js"></script>',
      imageUrl: '',
      linkUrl: '',
      position: 'details-sidebar',
      active: true,
      startDate: '',
      endDate: '',
    };
    let created = '';

    it('POST /admin/ads with every field of the form', async () => {
      const answer = await client.call('POST', '/admin/ads', { body: formAd });
      ok(answer, 'POST /admin/ads');
      created = (answer.body as { id: string }).id;
      const image = await client.call('POST', '/admin/ads', {
        body: {
          ...formAd,
          type: 'image',
          imageUrl: 'https://ads.example/a.png',
          linkUrl: 'https://shop.example/',
          startDate: '2025-01-01',
          endDate: '2099-12-31',
        },
      });
      ok(image, 'POST /admin/ads image with dates');
    });

    it('PUT /admin/ads/{id} with the same body, and the toggle’s whole ad with active flipped', async () => {
      ok(
        await client.call('PUT', `/admin/ads/${created}`, { body: { ...formAd, title: 'Late show' } }),
        'PUT',
      );
      const listed = ((await client.call('GET', '/admin/ads')).body as Json[]).find(
        (ad) => ad.id === created,
      )!;
      ok(
        await client.call('PUT', `/admin/ads/${created}`, { body: { ...listed, active: !listed.active } }),
        'toggle',
      );
      const after = ((await client.call('GET', '/admin/ads')).body as Json[]).find(
        (ad) => ad.id === created,
      )!;
      expect(after).toMatchObject({ title: 'Late show', active: false });
    });

    it('DELETE /admin/ads/{id}', async () => {
      ok(await client.call('DELETE', `/admin/ads/${created}`), 'DELETE /admin/ads/{id}');
    });

    it('POST /admin/datasets/upload, multipart file, type and mode: processed, type, mode', async () => {
      const form = datasetUploadForm(new Blob([`${TV_HEADER}\n${TV_ROWS[0]}\n`]), 'tv.csv', {
        type: 'tv',
        mode: 'append',
      });
      const answer = await client.call('POST', '/admin/datasets/upload', { form });
      ok(answer, 'POST /admin/datasets/upload');
      expect(answer.body).toMatchObject({ processed: 1, type: 'tv', mode: 'append' });
    });

    it('GET /admin/content with type, search, hidden=all, sortBy, dates, page, limit and fast=1: items, pages, total', async () => {
      for (const [type, sortBy] of [
        ['movie', 'createdAt'],
        ['movie', 'popularity'],
        ['movie', 'rating'],
        ['movie', 'views'],
        ['movie', 'title'],
        ['tv', 'name'],
      ] as const) {
        for (const hidden of ['all', 'true', 'false']) {
          const answer = await client.call('GET', '/admin/content', {
            query: {
              type,
              search: '',
              hidden,
              sortBy,
              dateFrom: '',
              dateTo: '',
              page: 1,
              limit: 20,
              fast: 1,
            },
          });
          ok(answer, `GET /admin/content ${type} ${sortBy} hidden=${hidden}`);
          expect(answer.body).toMatchObject({ items: expect.any(Array), pages: expect.any(Number) });
          expect('total' in (answer.body as Json)).toBe(true);
        }
      }
      const dated = await client.call('GET', '/admin/content', {
        query: {
          type: 'movie',
          search: 'the',
          hidden: 'all',
          sortBy: 'createdAt',
          dateFrom: '2010-01-01',
          dateTo: '2015-12-31',
          page: 1,
          limit: 20,
          fast: 1,
        },
      });
      ok(dated, 'GET /admin/content dated');
      expect((dated.body as { items: Json[] }).items.length).toBeGreaterThan(0);
    });

    it('PATCH /admin/content/{type}/{id}/hidden {hidden}', async () => {
      ok(
        await client.call('PATCH', `/admin/content/movie/${seen.movieId}/hidden`, { body: { hidden: true } }),
        'hide',
      );
      ok(
        await client.call('PATCH', `/admin/content/movie/${seen.movieId}/hidden`, {
          body: { hidden: false },
        }),
        'unhide',
      );
    });

    it('DELETE /admin/content/{type}/{id}', async () => {
      ok(await client.call('DELETE', `/admin/content/tv/${seen.tvId}`), 'DELETE /admin/content/{type}/{id}');
    });
  });
});
