import { readFileSync } from 'node:fs';
import { UPLOAD_FILE_FIELD } from '@cinefold/contracts';
import { eventStoreFile, openSqliteEventStore, readModelKeys } from '@cinefold/platform';
import { rebuildProjection } from '@cinefold/projectors';
import { CATALOGUE, createCatalogueProjector } from '@cinefold/read-models';
import { readModel } from '@cinefold/read-models/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_SETTINGS, useSite } from './support/site.js';

const SAMPLE = '../shared/data/tmdb-movies-2631.csv';
const DAMAGED = '../shared/data/tmdb-movies-91-crlf-damaged.csv';
const site = useSite('catalogue', {
  ...ADMIN_SETTINGS,
  UPLOAD_MAX_BYTES: String(8 * 1024 * 1024),
});
let admin: string;

beforeAll(async () => {
  admin = await site.signIn(ADMIN);
});

type Json = Record<string, unknown> & { message?: string };

async function upload(content: Buffer | string | null, fields: Record<string, string>, name = 'titles.csv') {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (content !== null) form.append(UPLOAD_FILE_FIELD, new Blob([content]), name);
  const response = await fetch(`${site.url}/api/admin/datasets/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Json };
}

async function get<T = Json>(path: string, token?: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${site.url}/api${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function send(method: string, path: string, body?: unknown) {
  const response = await fetch(`${site.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${admin}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

interface Listing {
  movies: { id: number; title: string }[];
  tvShows: { id: number; name: string }[];
  total: number;
  pages: number;
}

const movieHeader =
  'id,title,vote_average,vote_count,status,release_date,revenue,runtime,adult,backdrop_path,budget,homepage,imdb_id,original_language,original_title,overview,popularity,poster_path,tagline,genres,production_companies,production_countries,spoken_languages,keywords';
const tvHeader =
  'id,name,number_of_seasons,number_of_episodes,original_language,vote_count,vote_average,overview,adult,backdrop_path,first_air_date,last_air_date,homepage,in_production,original_name,popularity,poster_path,type,status,tagline,genres,created_by,languages,networks,origin_country,spoken_languages,production_companies,production_countries,episode_run_time';

describe('importing the real movie sample', () => {
  it('imports its 2,630 whole rows and rejects the cut-off last one with its line', async () => {
    const result = await upload(readFileSync(SAMPLE), { type: 'movie', mode: 'append' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      processed: 2630,
      rejected: 1,
      type: 'movie',
      mode: 'append',
      state: 'completed',
    });
    expect(result.body.rejections).toEqual([{ line: 2632, reason: expect.stringMatching(/never closed/) }]);
    // Queryable as soon as the upload answers.
    const list = await get<Listing>('/movies?limit=1');
    expect(list.body.total).toBe(2630);
  });

  it('imports the damaged CRLF file, reading its Windows-1252 text correctly', async () => {
    const result = await upload(readFileSync(DAMAGED), { type: 'movie', mode: 'append' });
    expect(result.body).toMatchObject({ processed: 91, rejected: 0 });
    const forrest = await get<{ overview: string }>('/movies/13');
    expect(forrest.status).toBe(200);
    expect(forrest.body.overview).toContain('historic events?\u201din each case');
    expect(forrest.body.overview).not.toContain('\ufffd');
  });
});

describe('a title', () => {
  it('is shown with the fields of the spec', async () => {
    const { status, body } = await get<Json>('/movies/27205');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: 27205,
      title: 'Inception',
      release_date: '2010-07-15',
      runtime: 148,
      vote_average: 8.364,
      vote_count: 34495,
      genres: 'Action, Science Fiction, Adventure',
      imdb_id: 'tt1375666',
      budget: 160000000,
      original_language: 'en',
      tagline: 'Your mind is the scene of the crime.',
    });
  });

  it('is not found when unknown, and an id that is not a number is refused', async () => {
    expect(await get('/movies/999999999')).toEqual({ status: 404, body: { message: 'Movie not found' } });
    expect((await get('/movies/abc')).status).toBe(400);
    expect(await get('/tvshows/999999999')).toEqual({ status: 404, body: { message: 'TV show not found' } });
  });

  it('is updated by importing its id again', async () => {
    const row = `27205,"Inception (Director's Cut)",8.4,34500,Released,2010-07-15,825532764,160,False,,160000000,,tt1375666,en,Inception,"A new overview about dreams.",90,,,"Action, Science Fiction",,,,`;
    expect((await upload(`${movieHeader}\n${row}\n`, { type: 'movie', mode: 'append' })).body.processed).toBe(
      1,
    );
    const updated = await get<Json>('/movies/27205');
    expect(updated.body).toMatchObject({
      title: "Inception (Director's Cut)",
      runtime: 160,
      overview: 'A new overview about dreams.',
    });
    const byOldWord = await get<Listing>('/movies?search=espionage');
    expect(byOldWord.body.movies.map((m) => m.id)).not.toContain(27205);
    expect((await get<Listing>('/movies?search=director')).body.movies.map((m) => m.id)).toContain(27205);
    expect((await get<Listing>('/movies?limit=1')).body.total).toBe(2630 + 91 - 91 + 0 + countNewInDamaged);
  });
});

// The damaged file's ids all appear in the big sample too (it is the same top of the dataset).
let countNewInDamaged = 0;
beforeAll(() => {
  const ids = (file: string) =>
    new Set(
      readFileSync(file, 'latin1')
        .split(/\r?\n/)
        .slice(1)
        .map((line) => /^"?(\d+)"?,/.exec(line)?.[1])
        .filter(Boolean),
    );
  const big = ids(SAMPLE);
  countNewInDamaged = [...ids(DAMAGED)].filter((id) => !big.has(id)).length;
});

describe('TV shows', () => {
  const shows = [
    `1399,Game of Thrones,8,73,en,21857,8.442,"Seven noble families fight for control of the mythical land of Westeros.",False,/b.jpg,2011-04-17,2019-05-19,https://www.hbo.com/game-of-thrones,False,Game of Thrones,1088.6,/p.jpg,Scripted,Ended,Winter Is Coming,"Sci-Fi & Fantasy, Drama, Action & Adventure","David Benioff, D. B. Weiss",en,HBO,US,English,"Revolution Sun Studios, Television 360",United States of America,60`,
    `66732,Stranger Things,4,34,en,16000,8.6,"When a young boy vanishes, a small town uncovers a mystery.",False,,2016-07-15,2022-07-01,,True,Stranger Things,400.2,,Scripted,Returning Series,,"Drama, Sci-Fi & Fantasy, Mystery",The Duffer Brothers,en,Netflix,US,English,21 Laps Entertainment,United States of America,50`,
    `999001,Empty Show,0,0,en,0,0,,False,,,,,False,Empty Show,0.1,,Scripted,Canceled,,Drama,,en,,,,,,0`,
  ];

  it('import from their own schema and derive their seasons', async () => {
    const result = await upload(`${tvHeader}\n${shows.join('\n')}\n`, { type: 'tv', mode: 'append' });
    expect(result.body).toMatchObject({ processed: 3, rejected: 0, type: 'tv' });
    expect((await get<Json>('/tvshows/1399')).body).toMatchObject({
      name: 'Game of Thrones',
      number_of_seasons: 8,
      number_of_episodes: 73,
      first_air_date: '2011-04-17',
      networks: 'HBO',
      created_by: 'David Benioff, D. B. Weiss',
    });
    const seasons = await get<{ season_number: number; episode_count: number }[]>('/tvshows/1399/seasons');
    expect(seasons.body.map((s) => s.season_number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(seasons.body.reduce((sum, s) => sum + s.episode_count, 0)).toBe(73);
    expect((await get('/tvshows/999001/seasons')).body).toEqual([]);
  });

  it('are listed, searched and filtered by genre, including the short genre names', async () => {
    const list = await get<Listing>('/tvshows?sortBy=popularity');
    expect(list.body.tvShows.map((s) => s.name)).toEqual([
      'Game of Thrones',
      'Stranger Things',
      'Empty Show',
    ]);
    expect((await get<Listing>('/tvshows?genre=Sci-Fi')).body.total).toBe(2);
    expect((await get<Listing>('/tvshows?search=westeros')).body.tvShows.map((s) => s.id)).toEqual([1399]);
    expect((await get<Listing>('/tvshows?sortBy=name')).body.tvShows[0]?.name).toBe('Empty Show');
    expect(await get<string[]>('/tvshows/metadata/genres')).toMatchObject({
      body: expect.arrayContaining(['Mystery', 'Sci-Fi & Fantasy']),
    });
  });

  it('are refused in a movie import, with the reason', async () => {
    const result = await upload(`${tvHeader}\n${shows[0]}\n`, { type: 'movie', mode: 'append' });
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/lacks the required column title.*choose type tv/);
  });
});

describe('a bad upload', () => {
  it('is refused with a message naming the problem, and changes nothing', async () => {
    const before = (await get<Listing>('/movies?limit=1')).body.total;
    const cases: [Buffer | string | null, Record<string, string>, number, RegExp][] = [
      [null, { type: 'movie', mode: 'append' }, 400, /^Please select a CSV file to upload\.$/],
      ['', { type: 'movie', mode: 'append' }, 400, /empty/],
      [`${movieHeader}\n`, { type: 'movie', mode: 'append' }, 400, /no rows/],
      ['name,year\nx,1\n', { type: 'movie', mode: 'append' }, 400, /required columns id, title/],
      [
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0xff, 0x00]),
        { type: 'movie', mode: 'append' },
        400,
        /binary/,
      ],
      [`${movieHeader}\n1,A`, { type: 'book', mode: 'append' }, 400, /type must be movie or tv/],
      [`${movieHeader}\n1,A`, { type: 'movie', mode: 'merge' }, 400, /mode must be append or replace/],
      [
        Buffer.alloc(9 * 1024 * 1024, 'a'),
        { type: 'movie', mode: 'append' },
        413,
        /larger than the 8 MB limit/,
      ],
    ];
    for (const [content, fields, status, message] of cases) {
      const result = await upload(content, fields);
      expect(result.status, String(message)).toBe(status);
      expect(result.body.message).toMatch(message);
    }
    const notMultipart = await send('POST', '/admin/datasets/upload', { type: 'movie' });
    expect(notMultipart.status).toBe(400);
    expect((await get<Listing>('/movies?limit=1')).body.total).toBe(before);
  });

  it('rejects only its bad rows, each with its line and reason', async () => {
    const rows = [
      `900001,Good One,7,10,Released,2020-01-01,0,90,False,,0,,,en,Good One,"Fine.",1,,,Drama,,,,`,
      `abc,Bad Id,7,10,Released,2020-01-01,0,90,False,,0,,,en,X,"x",1,,,Drama,,,,`,
      `900003,,7,10,Released,2020-01-01,0,90,False,,0,,,en,X,"x",1,,,Drama,,,,`,
      `900004,Bad Date,7,10,Released,someday,0,90,False,,0,,,en,X,"x",1,,,Drama,,,,`,
      `900005,"Multi-line, ""quoted""",7,10,Released,,0,0,TRUE,,0,,,en,X,"Line one,\nline two.",1,,,Drama,,,,`,
    ];
    const result = await upload(`\uFEFF${movieHeader}\r\n${rows.join('\r\n')}\r\n`, {
      type: 'movie',
      mode: 'append',
    });
    expect(result.body).toMatchObject({ processed: 2, rejected: 3 });
    expect(result.body.rejections).toEqual([
      { line: 3, reason: 'id must be a whole number' },
      { line: 4, reason: 'title is empty' },
      { line: 5, reason: 'release_date must be a date like 2010-07-15 (got "someday")' },
    ]);
    // Adult titles arrive hidden.
    expect((await get('/movies/900005')).status).toBe(404);
    const adminView = await get<{ items: { id: number; title: string; hidden: boolean }[] }>(
      '/admin/content?type=movie&search=multi%20quoted',
      admin,
    );
    expect(adminView.body.items).toEqual([
      expect.objectContaining({ id: 900005, title: 'Multi-line, "quoted"', hidden: true }),
    ]);
  });
});

describe('an imported row', () => {
  it('is rejected with its line when a text is too long, a list too long or an address malformed', async () => {
    const row = (
      id: number,
      title: string,
      more: { overview?: string; genres?: string; imdb?: string; poster?: string },
    ) =>
      `${id},"${title}",7,10,Released,2020-01-01,0,90,False,,0,,${more.imdb ?? ''},en,X,"${more.overview ?? 'Fine.'}",1,${more.poster ?? ''},,"${more.genres ?? 'Drama'}",,,,`;
    const rows = [
      row(910001, 'Within Limits', { imdb: 'tt0133093', poster: '/oYuLEt3zVCKq57qu2F8dT7NIa6f.jpg' }),
      row(910002, 'Long Story', { overview: 'word '.repeat(150_000) }),
      row(910003, 'Every Genre', { genres: Array.from({ length: 15_000 }, (_, i) => `G${i}`).join(', ') }),
      row(910004, 'Odd Id', { imdb: 'javascript:alert(1)' }),
      row(910005, 'Odd Poster', { poster: '//tracker.example/pixel.gif?x=1' }),
    ];
    const result = await upload(`${movieHeader}\n${rows.join('\n')}\n`, { type: 'movie', mode: 'append' });
    expect(result.body).toMatchObject({ processed: 1, rejected: 4 });
    expect(result.body.rejections).toEqual([
      { line: 3, reason: 'overview is longer than 2000 characters' },
      { line: 4, reason: 'genres has 15000 names, at most 20' },
      { line: 5, reason: 'imdb_id must look like tt0133093' },
      { line: 6, reason: 'poster_path must be an image path like /abc123.jpg' },
    ]);
    expect((await get('/movies/910001')).status).toBe(200);
    for (const id of [910002, 910003, 910004, 910005]) expect((await get(`/movies/${id}`)).status).toBe(404);
  });
});

describe('popular pages', () => {
  it('are answered again with the same body and headers when asked twice', async () => {
    const path = `${site.url}/api/movies?genre=Drama&sortBy=rating&page=2`;
    const first = await fetch(path);
    const second = await fetch(path);
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(await first.text());
    for (const header of [
      'content-type',
      'cache-control',
      'x-content-type-options',
      'referrer-policy',
      'x-frame-options',
    ]) {
      expect(second.headers.get(header), header).toBe(first.headers.get(header));
    }
    expect(second.headers.get('cache-control')).toBe('no-store');
  });
});

describe('admins', () => {
  it('hide a title from every public list and show it again', async () => {
    const before = (await get<Listing>('/movies?limit=1')).body.total;
    expect((await send('PATCH', '/admin/content/movie/157336/hidden', { hidden: true })).status).toBe(200);
    expect((await get('/movies/157336')).status).toBe(404);
    expect((await get<Listing>('/movies?limit=1')).body.total).toBe(before - 1);
    expect((await get<Listing>('/movies?search=interstellar')).body.movies.map((m) => m.id)).not.toContain(
      157336,
    );
    const hidden = await get<{ items: { id: number; hidden: boolean }[]; total: number }>(
      '/admin/content?type=movie&hidden=true',
      admin,
    );
    expect(hidden.body.items.map((i) => i.id)).toContain(157336);
    expect((await send('PATCH', '/admin/content/movie/157336/hidden', { hidden: false })).status).toBe(200);
    expect((await get('/movies/157336')).status).toBe(200);
    expect((await get<Listing>('/movies?limit=1')).body.total).toBe(before);
  });

  it('delete a title everywhere', async () => {
    expect((await send('DELETE', '/admin/content/movie/155')).status).toBe(200);
    expect((await get('/movies/155')).status).toBe(404);
    expect(
      (await get<{ items: unknown[] }>('/admin/content?type=movie&search=dark%20knight', admin)).body.items,
    ).not.toContainEqual(expect.objectContaining({ id: 155 }));
    expect((await send('DELETE', '/admin/content/movie/155')).status).toBe(404);
    expect((await send('PATCH', '/admin/content/movie/155/hidden', { hidden: true })).status).toBe(404);
    expect((await send('PATCH', '/admin/content/book/1/hidden', { hidden: true })).status).toBe(400);
  });

  it('list content with every filter and an exact total', async () => {
    const page = await get<{ items: Json[]; total: number; pages: number; page: number }>(
      '/admin/content?type=movie&sortBy=popularity&hidden=all&page=2&limit=10',
      admin,
    );
    expect(page.body.items).toHaveLength(10);
    expect(page.body.pages).toBe(Math.ceil(page.body.total / 10));
    expect(page.body.items[0]).toMatchObject({
      id: expect.any(Number),
      title: expect.any(String),
      views: 0,
      hidden: false,
      genres: expect.arrayContaining([{ name: expect.any(String) }]),
    });
    const ranged = await get<{ items: { release_date: string }[]; total: number }>(
      '/admin/content?type=movie&dateFrom=2010-01-01&dateTo=2010-12-31&limit=100',
      admin,
    );
    expect(ranged.body.total).toBeGreaterThan(0);
    for (const item of ranged.body.items) expect(item.release_date.startsWith('2010')).toBe(true);
    const byYear = await get<Listing>('/movies?year=2010&limit=1');
    expect(ranged.body.total).toBe(byYear.body.total);
  });
});

describe('bad parameters', () => {
  it('are refused with 400, never a 500', async () => {
    for (const query of [
      'page=0',
      'limit=10000',
      'sortBy=cheapest',
      `search=${'x'.repeat(5000)}`,
      'year=abc',
      'page=-1',
    ]) {
      const result = await get(`/movies?${query}`);
      expect(result.status, query).toBe(400);
      expect(typeof result.body.message).toBe('string');
    }
    expect((await get<Listing>('/movies?genre=nonexistent')).body).toMatchObject({
      movies: [],
      total: 0,
      pages: 0,
    });
    expect((await get<Listing>('/movies?page=500')).body.movies).toEqual([]);
    // Past the first 10,000 titles a listing is not paged (security issue, item 4).
    expect((await get('/movies?page=9999')).status).toBe(400);
  });
});

describe('the catalogue read model', () => {
  // A catalogue rebuilt in the test's process beside the running site: 9–10 s alone, 19 s and
  // more with the suite's other file beside it on a slow machine.
  it('is the same rebuilt from the log (batch by batch) as projected live (prepared ahead)', async () => {
    const redis = site.client();
    for (;;) {
      const health = await get<{ projectors: { name: string; lag: number | null }[] }>('/health', admin);
      if (health.body.projectors.every((p) => p.lag === 0)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const live = Number(await redis.get(readModelKeys.active(CATALOGUE.projector)));
    // Every key with its value, as the projector says its keys compare (search postings by their
    // live postings, an order by its members in order).
    const { comparedAs } = createCatalogueProjector();
    const projected = await readModel(redis, CATALOGUE.projector, live, comparedAs);
    expect(Object.keys(projected).length).toBeGreaterThan(1000);
    const store = openSqliteEventStore(eventStoreFile(site.dataDir));
    try {
      const { generation } = await rebuildProjection(createCatalogueProjector(), {
        store,
        redis,
        batchSize: 700,
      });
      expect(generation).not.toBe(live);
      expect(await readModel(redis, CATALOGUE.projector, generation, comparedAs)).toEqual(projected);
    } finally {
      await store.close();
    }
  }, 60_000);
});
