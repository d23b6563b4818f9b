import { consistencyKeys } from '@cinefold/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_SETTINGS, useSite } from './support/site.js';
import { callApi, uploadTitles } from './support/api.js';

const site = useSite('up-next', {
  ...ADMIN_SETTINGS,
  TRUST_PROXY: 'loopback',
});
let admin: string;

type Json = Record<string, unknown> & { message?: string };
/** Each call comes from a network of its own, so the per-network limits never join the tests. */
const call = <T = Json>(method: string, path: string, options: { token?: string; body?: unknown } = {}) =>
  callApi<T>(site.url, method, path, {
    ...options,
    ip: `10.30.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });

async function upload(csv: string, type: 'movie' | 'tv') {
  const response = await uploadTitles(site.url, admin, type, csv);
  expect(response.status).toBe(200);
}

const movieHeader =
  'id,title,vote_average,vote_count,status,release_date,revenue,runtime,adult,backdrop_path,budget,homepage,imdb_id,original_language,original_title,overview,popularity,poster_path,tagline,genres,production_companies,production_countries,spoken_languages,keywords';
const tvHeader =
  'id,name,number_of_seasons,number_of_episodes,original_language,vote_count,vote_average,overview,adult,backdrop_path,first_air_date,last_air_date,homepage,in_production,original_name,popularity,poster_path,type,status,tagline,genres,created_by,languages,networks,origin_country,spoken_languages,production_companies,production_countries,episode_run_time';
const movieRow = (id: number, title: string, popularity: number) =>
  `${id},${title},7.5,100,Released,2020-01-01,0,100,False,,0,,,en,${title},"About ${title}.",${popularity},/${id}.jpg,,Drama,,,,`;
/** A show of `seasons` seasons of two episodes each. */
const showRow = (id: number, name: string, seasons: number) =>
  `${id},${name},${seasons},${seasons * 2},en,100,8,"About ${name}.",False,,2020-01-01,2021-01-01,,False,${name},50,/${id}.jpg,Scripted,Ended,,Drama,,en,,,,,,30`;

const heist = { contentId: 501, contentType: 'movie', title: 'Heist Night', poster: '/501.jpg' } as const;
const voyage = { contentId: 502, contentType: 'movie', title: 'Voyage Home', poster: '/502.jpg' } as const;
const orbit = { contentId: 601, contentType: 'tv', title: 'Orbit', poster: '/601.jpg' } as const;

let members = 0;
async function signUp(): Promise<string> {
  return (await signUpMember()).token;
}
async function signUpMember(): Promise<{ token: string; id: string }> {
  const reply = await call<{ token: string; id: string }>('POST', '/auth/register', {
    body: { name: 'Viewer', email: `up-next-${++members}-${Date.now()}@example.com`, password: 'secret-1' },
  });
  expect(reply.status).toBe(201);
  return reply.body;
}

const view = (token: string, title: object, episode: { season: number; episode: number } | null = null) =>
  call('POST', '/user/watch-history', {
    token,
    body: { ...title, progress: 0, completed: false, ...(episode ? { episode } : {}) },
  });

interface Item {
  contentId: number;
  contentType: string;
  title: string;
  next: { season: number; episode: number } | null;
}
const row = async (token: string) =>
  (await call<{ items: Item[] }>('GET', '/user/up-next', { token })).body.items.map(
    (i) => `${i.contentType} ${i.contentId}${i.next ? ` S${i.next.season}E${i.next.episode}` : ''}`,
  );

beforeAll(async () => {
  admin = await site.signIn(ADMIN);
  await upload(
    `${movieHeader}\n${[movieRow(501, 'Heist Night', 90), movieRow(502, 'Voyage Home', 80), movieRow(503, 'Quiet Lake', 70)].join('\n')}\n`,
    'movie',
  );
  await upload(`${tvHeader}\n${showRow(601, 'Orbit', 2)}\n${showRow(602, 'Harbor', 1)}\n`, 'tv');
});

describe('Continue Watching', () => {
  it('is empty for a member with no history, and refused to a guest', async () => {
    expect(await row(await signUp())).toEqual([]);
    expect((await call('GET', '/user/up-next')).status).toBe(401);
  });

  it('lists titles opened and not finished, newest first, each on the next page after the view', async () => {
    const token = await signUp();
    expect((await view(token, heist)).status).toBe(201);
    expect(await row(token)).toEqual(['movie 501']);
    await view(token, orbit, { season: 1, episode: 2 });
    await view(token, voyage);
    expect(await row(token)).toEqual(['movie 502', 'tv 601 S1E2', 'movie 501']);
    // Viewing again moves a title to the front.
    await view(token, heist);
    expect(await row(token)).toEqual(['movie 501', 'movie 502', 'tv 601 S1E2']);
  });

  it('offers the episode after the last one watched, into the next season, and drops a show with nothing left until a new season is imported', async () => {
    const token = await signUp();
    await view(token, orbit, { season: 1, episode: 1 });
    const progress = () => call<Json>('GET', '/user/up-next/tv/601', { token });
    expect((await progress()).body).toEqual({ next: { season: 1, episode: 1 }, finished: false });
    // Everything up to the season's last episode: the next one is the next season's first.
    const marked = await call('POST', '/user/watched', { token, body: { ...orbit, season: 1, episode: 2 } });
    expect(marked).toEqual({
      status: 201,
      body: {
        message: 'Marked everything up to season 1 episode 2 as watched.',
        contentId: 601,
        contentType: 'tv',
      },
    });
    expect(await row(token)).toEqual(['tv 601 S2E1']);
    // A mark behind where the member is moves nothing.
    await call('POST', '/user/watched', { token, body: { ...orbit, season: 1, episode: 1 } });
    expect(await row(token)).toEqual(['tv 601 S2E1']);
    // A whole season: the show has nothing left and leaves the row.
    expect((await call('POST', '/user/watched', { token, body: { ...orbit, season: 2 } })).body.message).toBe(
      'Marked season 2 as watched.',
    );
    expect(await row(token)).toEqual([]);
    expect((await progress()).body).toEqual({ next: null, finished: true });
    // A completed view of the last episode finishes it the same way.
    const other = await signUp();
    await call('POST', '/user/watch-history', {
      token: other,
      body: { ...orbit, progress: 100, completed: true, episode: { season: 2, episode: 2 } },
    });
    expect(await row(other)).toEqual([]);
    // The catalogue shows a third season: the show comes back, at its first episode.
    await upload(`${tvHeader}\n${showRow(601, 'Orbit', 3)}\n`, 'tv');
    expect(await row(token)).toEqual(['tv 601 S3E1']);
    expect(await row(other)).toEqual(['tv 601 S3E1']);
  });

  it('lets a movie be marked watched, and an item be removed without erasing the history; a new view brings it back', async () => {
    const token = await signUp();
    await view(token, heist);
    await view(token, voyage);
    expect((await call('POST', '/user/watched', { token, body: voyage })).status).toBe(201);
    expect(await row(token)).toEqual(['movie 501']);
    const removed = await call('DELETE', '/user/up-next/movie/501', { token });
    expect(removed).toEqual({
      status: 200,
      body: {
        message: 'Removed from Continue Watching; your watch history keeps it.',
        contentId: '501',
        contentType: 'movie',
      },
    });
    expect(await row(token)).toEqual([]);
    // The spec's watch history is as it was: every view, in its own shape.
    const history = await call<Json[]>('GET', '/user/watch-history', { token });
    expect(history.body.map((e) => e.contentId)).toEqual([502, 501]);
    expect(Object.keys(history.body[0]!).sort()).toEqual(
      ['completed', 'contentId', 'contentType', 'poster', 'progress', 'title', 'watchedAt'].sort(),
    );
    await view(token, heist);
    expect(await row(token)).toEqual(['movie 501']);
  });

  it('refuses what does not make sense with a 400 and a message', async () => {
    const token = await signUp();
    for (const [method, path, body] of [
      ['POST', '/user/watched', { ...heist, season: 1 }],
      ['POST', '/user/watched', orbit],
      ['POST', '/user/watched', { ...orbit, season: 0 }],
      ['POST', '/user/watched', { ...orbit, episode: 2 }],
      ['POST', '/user/watch-history', { ...orbit, episode: { season: 1 } }],
      ['DELETE', '/user/up-next/book/501', undefined],
      ['GET', '/user/up-next/tv/601?x=1', undefined],
      ['POST', '/user/not-interested', { ...heist, contentType: 'game' }],
    ] as const) {
      const reply = await call(method, path, { token, body });
      expect(reply.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(typeof reply.body.message).toBe('string');
    }
    expect((await call('POST', '/user/watched', { body: heist })).status).toBe(401);
  });
});

describe('Not interested', () => {
  const ids = (titles: { id: number }[]) => titles.map((t) => t.id);

  it('hides a title from the member’s rows, listings and suggestions only, and is undone from the list of hidden titles', async () => {
    const token = await signUp();
    const someoneElse = await signUp();
    await view(token, heist);
    await view(token, voyage);
    const hidden = await call('POST', '/user/not-interested', { token, body: heist });
    expect(hidden.status).toBe(201);
    expect((await call('POST', '/user/not-interested', { token, body: heist })).status).toBe(200);

    expect(await row(token)).toEqual(['movie 502']);
    for (const who of [token, someoneElse, undefined]) {
      const shown = who !== token;
      const home = await call<{ trendingMovies: { id: number }[]; topRatedMovies: { id: number }[] }>(
        'GET',
        '/home',
        { token: who },
      );
      expect(ids(home.body.trendingMovies).includes(501), `home, ${String(who)}`).toBe(shown);
      expect(ids(home.body.topRatedMovies).includes(501)).toBe(shown);
      const listing = await call<{ movies: { id: number }[]; total: number }>('GET', '/movies', {
        token: who,
      });
      expect(ids(listing.body.movies).includes(501)).toBe(shown);
      expect(listing.body.total).toBe(shown ? 3 : 2);
      const trending = await call<{ id: number }[]>('GET', '/movies/trending/now', { token: who });
      expect(ids(trending.body).includes(501)).toBe(shown);
      const suggestions = await call<{ movies: { id: number }[] }>('GET', '/search/suggestions?q=heist', {
        token: who,
      });
      expect(ids(suggestions.body.movies).includes(501)).toBe(shown);
      // The title's own page still opens (that is where it is shown again).
      expect((await call('GET', '/movies/501', { token: who })).status).toBe(200);
    }

    const list = await call<Json[]>('GET', '/user/not-interested', { token });
    expect(list.body).toEqual([{ ...heist, addedAt: expect.any(String) }]);
    expect((await call('DELETE', '/user/not-interested/movie/501', { token })).status).toBe(200);
    expect((await call('GET', '/user/not-interested', { token })).body).toEqual([]);
    const again = await call<{ trendingMovies: { id: number }[] }>('GET', '/home', { token });
    expect(ids(again.body.trendingMovies)).toContain(501);
    expect(await row(token)).toEqual(['movie 502', 'movie 501']);
    const missing = await call('DELETE', '/user/not-interested/movie/501', { token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('That title is not among those you are not interested in.');
  });

  it('keeps what a member hides between their requests, and forgets it when they change it', async () => {
    const { token, id } = await signUpMember();
    const redis = site.client();
    const trending = async () =>
      ids((await call<{ trendingMovies: { id: number }[] }>('GET', '/home', { token })).body.trendingMovies);
    await call('POST', '/user/not-interested', { token, body: voyage });
    // Long after their write, the member's reads no longer wait for it: the kept copy answers.
    await redis.del(consistencyKeys.lastWrite(id));
    expect(await trending()).not.toContain(502);
    expect(await trending()).not.toContain(502);
    await call('DELETE', '/user/not-interested/movie/502', { token });
    await redis.del(consistencyKeys.lastWrite(id));
    await expect.poll(trending, { timeout: 5000 }).toContain(502);
  });
});
