import {
  type DashboardStatsResponse,
  dashboardStatsResponse,
  EVENT_POSITION_HEADER,
} from '@cinefold/contracts';
import { daysEndingWith, siteDay } from '@cinefold/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadTitles } from './support/api.js';
import { ADMIN, ADMIN_SETTINGS, useSite } from './support/site.js';

const site = useSite('dashboard-stats', {
  TRUST_PROXY: 'loopback',
  ...ADMIN_SETTINGS,
});
let admin: string;
/** The last write's position, sent back so each read sees it. */
let lastPosition = '';

beforeAll(async () => {
  admin = await site.signIn(ADMIN);
});

const movieHeader =
  'id,title,vote_average,vote_count,status,release_date,revenue,runtime,adult,backdrop_path,budget,homepage,imdb_id,original_language,original_title,overview,popularity,poster_path,tagline,genres,production_companies,production_countries,spoken_languages,keywords';
const tvHeader =
  'id,name,number_of_seasons,number_of_episodes,original_language,vote_count,vote_average,overview,adult,backdrop_path,first_air_date,last_air_date,homepage,in_production,original_name,popularity,poster_path,type,status,tagline,genres,created_by,languages,networks,origin_country,spoken_languages,production_companies,production_countries,episode_run_time';
const movieRow = (id: number, title: string) =>
  `${id},${title},7.5,100,Released,2010-07-15,0,120,False,,0,,,en,${title},An overview.,50,/poster-${id}.jpg,,Drama,,,,`;
const tvRow = (id: number, name: string) =>
  `${id},${name},1,8,en,100,7.5,An overview.,False,,2020-01-01,2020-03-01,,False,${name},50,/poster-${id}.jpg,Scripted,Ended,,Drama,,,,,,,,`;

async function call(method: string, path: string, body?: unknown, token: string | null = admin) {
  const response = await fetch(`${site.url}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(lastPosition ? { [EVENT_POSITION_HEADER]: lastPosition } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  lastPosition = response.headers.get(EVENT_POSITION_HEADER) ?? lastPosition;
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
}

async function upload(type: 'movie' | 'tv', csv: string) {
  const response = await uploadTitles(site.url, admin, type, csv);
  expect(response.status).toBe(200);
  lastPosition = response.headers.get(EVENT_POSITION_HEADER) ?? lastPosition;
}

/** Views sent by the admin: a member's view answers with its position (a guest's does not), to read after it. */
async function track(path: string, times = 1) {
  for (let i = 0; i < times; i++) {
    const response = await fetch(`${site.url}/api/analytics/track`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${admin}`,
        'content-type': 'application/json',
        'x-forwarded-for': `8.8.8.${i + 1}`,
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      },
      body: JSON.stringify({ path, referrer: null }),
    });
    expect(response.status).toBe(204);
    lastPosition = response.headers.get(EVENT_POSITION_HEADER) ?? lastPosition;
  }
}

async function stats(query = '', token: string | null = admin) {
  const { status, body } = await call('GET', `/admin/stats${query}`, undefined, token);
  return { status, body: body as DashboardStatsResponse & { message?: string } };
}

describe('the dashboard stats', () => {
  it('count only the first admin, and show every day of the last seven, before anything else happened', async () => {
    const { status, body } = await stats();
    expect(status).toBe(200);
    expect(dashboardStatsResponse.parse(body)).toEqual(body);
    const week = daysEndingWith(siteDay('UTC'), 7);
    expect(body).toEqual({
      overview: { totalUsers: 1, newUsers: 1, totalMovies: 0, totalTVShows: 0, totalViews: 0 },
      userActivity: week.map((day) => ({ _id: day, count: day === week.at(-1) ? 1 : 0 })),
      adStats: { totalImpressions: 0, totalClicks: 0 },
      topMovies: [],
      topTVShows: [],
    });
  });

  it('count the members who signed up today, this month and in all', async () => {
    for (const name of ['ann', 'bob']) {
      const reply = await call(
        'POST',
        '/auth/register',
        { name, email: `${name}@example.com`, password: 'secret-1' },
        null,
      );
      expect(reply.status).toBe(201);
    }
    const { body } = await stats();
    expect(body.overview).toMatchObject({ totalUsers: 3, newUsers: 3 });
    expect(body.userActivity.at(-1)).toEqual({ _id: siteDay('UTC'), count: 3 });
    expect(body.userActivity.slice(0, -1).every((day) => day.count === 0)).toBe(true);
  });

  it('count every title, hidden ones too, and every view', async () => {
    await upload(
      'movie',
      `${movieHeader}\n${movieRow(1, 'One')}\n${movieRow(2, 'Two')}\n${movieRow(3, 'Three')}\n`,
    );
    await upload('tv', `${tvHeader}\n${tvRow(10, 'Ten')}\n${tvRow(11, 'Eleven')}\n`);
    expect((await call('PATCH', '/admin/content/movie/3/hidden', { hidden: true })).status).toBe(200);
    await track('/');
    const { body } = await stats('?fast=1');
    expect(body.overview).toMatchObject({ totalMovies: 3, totalTVShows: 2, totalViews: 1 });
  });

  it('rank the most viewed movies and TV shows, leaving hidden and deleted titles out', async () => {
    await track('/movies/1', 2);
    await track('/movies/2', 3);
    await track('/movies/3', 5); // hidden
    await track('/tv-shows/10', 1);
    await track('/tv-shows/11', 4);
    expect((await call('DELETE', '/admin/content/tv/11')).status).toBe(200);
    const { body } = await stats();
    expect(body.topMovies).toEqual([
      { id: 2, title: 'Two', poster_path: '/poster-2.jpg', views: 3 },
      { id: 1, title: 'One', poster_path: '/poster-1.jpg', views: 2 },
    ]);
    expect(body.topTVShows).toEqual([{ id: 10, name: 'Ten', poster_path: '/poster-10.jpg', views: 1 }]);
    expect(body.overview.totalViews).toBe(16);
  });

  it('keep the ten most viewed when more titles were viewed', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => 100 + i);
    await upload('movie', `${movieHeader}\n${ids.map((id) => movieRow(id, `Movie ${id}`)).join('\n')}\n`);
    for (const [i, id] of ids.entries()) await track(`/movies/${id}`, i < 10 ? 10 + i : 1);
    const { body } = await stats();
    expect(body.topMovies.map((movie) => movie.id)).toEqual(ids.slice(0, 10).reverse());
  });

  it('are for admins only', async () => {
    expect((await stats('', null)).status).toBe(401);
    const member = await site.signIn({ email: 'ann@example.com', password: 'secret-1' });
    expect((await stats('', member)).status).toBe(403);
  });

  it('give the same exact figures when asked for fast ones', async () => {
    expect((await stats('?fast=1')).body).toEqual((await stats()).body);
  });
});

describe('the admin content list', () => {
  it('shows each title’s views and sorts by them, most viewed first', async () => {
    await upload(
      'movie',
      `${movieHeader}\n${[200, 201, 202].map((id, i) => movieRow(id, `Viewed ${['Alpha', 'Beta', 'Gamma'][i]}`)).join('\n')}\n`,
    );
    await track('/movies/201', 3);
    await track('/movies/200');
    const { status, body } = await call('GET', '/admin/content?type=movie&search=viewed&sortBy=views');
    expect(status).toBe(200);
    const list = body as { items: { id: number; views: number }[]; total: number };
    expect(list.items.map(({ id, views }) => ({ id, views }))).toEqual([
      { id: 201, views: 3 },
      { id: 200, views: 1 },
      { id: 202, views: 0 },
    ]);
    expect(list.total).toBe(3);
  });
});
