import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { datasetUploadForm, LIST_LIMIT, streams, uploadForm } from '@cinefold/contracts';
import { createEventLog, eventStoreFile, openSqliteEventStore, systemContext } from '@cinefold/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_SETTINGS, useSite } from './support/site.js';
import { type ApiCallOptions, callApi } from './support/api.js';

// A member's lists in and out of files (Letterboxd, IMDb, Trakt exports, hand-written from the
// formats' public descriptions), and the account closed by its owner.
const site = useSite('my-data', { ...ADMIN_SETTINGS });
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', 'list-files', name));

const call = <T = Record<string, unknown>>(method: string, path: string, options: ApiCallOptions = {}) =>
  callApi<T>(site.url, method, path, options);

let admin: string;
async function uploadCatalogue(type: 'movie' | 'tv', file: string) {
  const form = datasetUploadForm(new Blob([fixture(file)]), file, { type });
  const reply = await call('POST', '/admin/datasets/upload', { token: admin, form });
  expect(reply.status, reply.text).toBe(200);
}

beforeAll(async () => {
  admin = await site.signIn(ADMIN);
  await uploadCatalogue('movie', 'catalogue-movies.csv');
  await uploadCatalogue('tv', 'catalogue-tv.csv');
}, 60_000);

let members = 0;
async function signUp() {
  const email = `data-${++members}-${Date.now()}@example.com`;
  const reply = await call<{ token: string; id: string }>('POST', '/auth/register', {
    body: { name: 'Film Fan', email, password: 'secret-1' },
  });
  expect(reply.status).toBe(201);
  return { ...reply.body, email, password: 'secret-1' };
}

interface Candidate {
  contentType: string;
  contentId: number;
  title: string;
  year: string | null;
}
interface Row {
  line: number;
  title: string;
  status: string;
  by: string | null;
  candidates: Candidate[];
}
interface Preview {
  previewId: string;
  format: string;
  list: string;
  rows: Row[];
  counts: { matched: number; ambiguous: number; notFound: number };
}
interface Status {
  state: string;
  progress: number;
  added: number;
  kept: number;
  message?: string;
}

/** `list` may be one the API refuses, so the form is built from its fields as they are. */
function preview(token: string, list: string, content: Buffer | string, name = 'export.csv') {
  const form = uploadForm({ list }, new Blob([content]), name);
  return call<Preview>('POST', '/user/imports', { token, form });
}

/** Imports a preview and waits for its job to end. */
async function importPreview(token: string, previewId: string, choices: Record<string, string> = {}) {
  const started = await call<Status>('POST', `/user/imports/${previewId}`, { token, body: { choices } });
  expect(started.status, started.text).toBe(202);
  for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
    const status = await call<Status>('GET', `/user/imports/${previewId}`, { token });
    if (status.body.state === 'completed' || status.body.state === 'failed') return status.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not end');
}

const summary = (rows: Row[]) =>
  rows.map(
    (r) =>
      `${r.line} ${r.status} ${r.by ?? '-'} ${r.candidates.map((c) => `${c.contentType}:${c.contentId}`).join('|')}`,
  );
type Listed = { contentId: number; contentType: string; title: string };
const titles = (items: Listed[]) => items.map((i) => `${i.contentType}:${i.contentId} ${i.title}`).sort();

describe('a file previewed', () => {
  it('Letterboxd watched.csv: matched by title and year (accents folded), and one not found', async () => {
    const { token } = await signUp();
    const reply = await preview(token, 'history', fixture('letterboxd-watched.csv'), 'watched.csv');
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.format).toBe('letterboxd');
    expect(summary(reply.body.rows)).toEqual([
      '2 matched title movie:603',
      '3 matched title movie:194',
      '4 not-found - ',
    ]);
    expect(reply.body.counts).toEqual({ matched: 2, ambiguous: 0, notFound: 1 });
  });

  it('Letterboxd watchlist.csv: a title without its year is ambiguous, nearest first', async () => {
    const { token } = await signUp();
    const reply = await preview(token, 'watchlist', fixture('letterboxd-watchlist.csv'), 'watchlist.csv');
    expect(summary(reply.body.rows)).toEqual([
      '2 matched title movie:27205',
      expect.stringMatching(/^3 ambiguous title (movie:841\|movie:438631|movie:438631\|movie:841)$/),
    ]);
  });

  it('Letterboxd ratings.csv, an IMDb ratings export (by IMDb id, TV series as shows) and a Trakt export (by TMDB id)', async () => {
    const { token } = await signUp();
    const ratings = await preview(token, 'favorites', fixture('letterboxd-ratings.csv'), 'ratings.csv');
    expect(summary(ratings.body.rows)).toEqual(['2 matched title movie:550', '3 matched title movie:603']);
    const imdb = await preview(token, 'favorites', fixture('imdb-ratings.csv'), 'ratings.csv');
    expect(imdb.body.format).toBe('imdb');
    expect(summary(imdb.body.rows)).toEqual([
      '2 matched imdb movie:603',
      '3 matched imdb movie:438631',
      '4 matched title tv:1399',
    ]);
    const trakt = await preview(token, 'watchlist', fixture('trakt-watchlist.json'), 'watchlist.json');
    expect(trakt.body.format).toBe('trakt');
    expect(summary(trakt.body.rows)).toEqual(['1 matched tmdb movie:27205', '2 matched tmdb tv:1396']);
  });

  it('an IMDb list export (series as shows, a short not in the catalogue, a film by its French name) and a Trakt history with an episode (its show)', async () => {
    const { token } = await signUp();
    const list = await preview(token, 'watchlist', fixture('imdb-list.csv'), 'list.csv');
    expect(list.body.format).toBe('imdb');
    expect(summary(list.body.rows)).toEqual([
      '2 matched title tv:1396',
      '3 matched imdb movie:27205',
      '4 not-found - ',
      // The catalogue names it Amélie: found by its IMDb id alone.
      '5 matched imdb movie:194',
    ]);
    const history = await preview(token, 'history', fixture('trakt-history.json'), 'history.json');
    expect(summary(history.body.rows)).toEqual(['1 matched tmdb tv:1399', '2 matched tmdb movie:550']);
  });

  it('a malformed file, a foreign file, an empty one or none: one clear line, and nothing is written', async () => {
    const { token } = await signUp();
    const malformed = await preview(token, 'history', fixture('letterboxd-malformed.csv'));
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      message: expect.stringMatching(/^The file could not be read as CSV \(line \d+\): .+/),
    });
    expect((malformed.body as unknown as { message: string }).message).not.toContain('\n');

    // The admin's TMDB dataset is no member's export.
    const foreign = await preview(token, 'watchlist', fixture('catalogue-movies.csv'));
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({
      message:
        'This file is not a Letterboxd, IMDb or Trakt export: a Letterboxd CSV has the columns Name and Year, an IMDb CSV the column Const, a Trakt export is JSON.',
    });
    expect((await preview(token, 'watchlist', '{"not": "a list"}', 'x.json')).status).toBe(400);
    expect((await preview(token, 'watchlist', '[{"type":"episode"}]', 'x.json')).body).toEqual({
      message:
        'Item 1 of the file has no movie or show: this is not a Trakt export of history, watchlist or ratings.',
    });
    expect((await preview(token, 'watchlist', '', 'x.csv')).body).toEqual({ message: 'The file is empty.' });
    const huge = await preview(token, 'watchlist', Buffer.alloc(5 * 1024 * 1024, 'a'), 'huge.csv');
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'The file is larger than the 4 MB limit.' });
    expect((await preview(token, 'shelf', fixture('letterboxd-watched.csv'))).body).toEqual({
      message: 'list must be history, watchlist or favorites.',
    });
    const noFile = new FormData();
    noFile.append('list', 'history');
    expect((await call('POST', '/user/imports', { token, form: noFile })).body).toEqual({
      message: 'Please choose a file to import.',
    });
    expect((await call('POST', '/user/imports', { token, body: {} })).status).toBe(400);
    expect((await call('POST', '/user/imports', { form: noFile })).status).toBe(401);
    // Nothing was written for this member: no list, no view.
    for (const list of ['watch-history', 'watchlist', 'favorites'])
      expect((await call<unknown[]>('GET', `/user/${list}`, { token })).body).toEqual([]);
  });
});

describe('a file imported', () => {
  it('adds the matched titles and the chosen ones; the same file imported twice adds nothing', async () => {
    const { token } = await signUp();
    const first = await preview(token, 'watchlist', fixture('letterboxd-watchlist.csv'));
    const done = await importPreview(token, first.body.previewId, { '3': 'movie:438631' });
    expect(done).toMatchObject({ state: 'completed', progress: 100, added: 2, kept: 0 });
    const listed = await call<Listed[]>('GET', '/user/watchlist', { token });
    expect(titles(listed.body)).toEqual(['movie:27205 Inception', 'movie:438631 Dune']);

    // Again, from a new preview of the same file: already there, so nothing more.
    const again = await preview(token, 'watchlist', fixture('letterboxd-watchlist.csv'));
    expect(await importPreview(token, again.body.previewId, { '3': 'movie:438631' })).toMatchObject({
      state: 'completed',
      added: 0,
      kept: 2,
    });
    // And the same preview twice is one job.
    expect(
      (await call<Status>('POST', `/user/imports/${again.body.previewId}`, { token, body: {} })).body,
    ).toMatchObject({ added: 0, kept: 2 });
    expect((await call<Listed[]>('GET', '/user/watchlist', { token })).body).toHaveLength(2);

    // Watch history: once per title, however often imported.
    const watched = await preview(token, 'history', fixture('letterboxd-watched.csv'));
    expect(await importPreview(token, watched.body.previewId)).toMatchObject({ added: 2, kept: 0 });
    const rewatched = await preview(token, 'history', fixture('letterboxd-watched.csv'));
    expect(await importPreview(token, rewatched.body.previewId)).toMatchObject({ added: 0, kept: 2 });
    expect(titles((await call<Listed[]>('GET', '/user/watch-history', { token })).body)).toEqual([
      'movie:194 Amélie',
      'movie:603 The Matrix',
    ]);

    // Trakt into favorites: a film and a show.
    const trakt = await preview(token, 'favorites', fixture('trakt-watchlist.json'));
    expect(await importPreview(token, trakt.body.previewId)).toMatchObject({ added: 2 });
    expect(titles((await call<Listed[]>('GET', '/user/favorites', { token })).body)).toEqual([
      'movie:27205 Inception',
      'tv:1396 Breaking Bad',
    ]);
  });

  it('is refused, with nothing written, when it would take the list past its limit; another member’s preview is not found', async () => {
    const member = await signUp();
    // A watchlist one title short of full, written straight to the member's stream.
    const store = openSqliteEventStore(eventStoreFile(site.dataDir));
    try {
      await createEventLog(store).append(
        streams.library(member.id),
        Array.from({ length: LIST_LIMIT - 1 }, (_, i) => ({
          type: 'WatchlistItemAdded' as const,
          data: {
            userId: member.id,
            contentId: 1_000_000 + i,
            contentType: 'movie' as const,
            title: `T${i}`,
            poster: null,
          },
        })),
        { expectedRevision: 'no_stream', context: systemContext() },
      );
    } finally {
      await store.close();
    }
    const file = await preview(member.token, 'watchlist', fixture('letterboxd-ratings.csv'));
    const refused = await call('POST', `/user/imports/${file.body.previewId}`, {
      token: member.token,
      body: {},
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message:
        'This would take your watchlist past 5,000 titles (4,999 now, 2 to add). Remove some titles, or import a shorter file.',
    });
    const other = await signUp();
    expect((await call('GET', `/user/imports/${file.body.previewId}`, { token: other.token })).status).toBe(
      404,
    );
    expect(
      (await call('POST', `/user/imports/${file.body.previewId}`, { token: other.token, body: {} })).status,
    ).toBe(404);
    expect((await call('POST', '/user/imports/not-an-id', { token: other.token, body: {} })).status).toBe(
      400,
    );
  });
});

describe('the member’s data taken out', () => {
  it('as Letterboxd import CSV per list, and as JSON of everything kept', async () => {
    const member = await signUp();
    const { token } = member;
    const list = await preview(token, 'watchlist', fixture('imdb-ratings.csv'));
    await importPreview(token, list.body.previewId);
    const watched = await preview(token, 'history', fixture('letterboxd-watched.csv'));
    await importPreview(token, watched.body.previewId);

    const csv = await call('GET', '/user/export.csv?list=watchlist', { token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('cinefold-watchlist.csv');
    expect(csv.text.split('\n').filter(Boolean).sort()).toEqual(
      [
        'Dune,2021,438631,',
        'Game of Thrones,2011,,',
        'The Matrix,1999,603,',
        'Title,Year,tmdbID,WatchedDate',
      ].sort(),
    );
    // The watch history keeps the days the file gives.
    const history = await call('GET', '/user/export.csv?list=history', { token });
    expect(history.text.split('\n').filter(Boolean).sort()).toEqual(
      [
        'Amélie,2001,194,2024-02-11',
        'The Matrix,1999,603,2024-01-05',
        'Title,Year,tmdbID,WatchedDate',
      ].sort(),
    );
    const views = await call<{ title: string; watchedAt: string }[]>('GET', '/user/watch-history', { token });
    expect(views.body.map((v) => `${v.title} ${v.watchedAt}`).sort()).toEqual([
      'Amélie 2024-02-11T00:00:00.000Z',
      'The Matrix 2024-01-05T00:00:00.000Z',
    ]);
    expect((await call('GET', '/user/export.csv?list=everything', { token })).status).toBe(400);
    expect((await call('GET', '/user/export.csv?list=watchlist')).status).toBe(401);

    const hidden = { contentId: 27205, contentType: 'movie', title: 'Inception', poster: null };
    expect((await call('POST', '/user/not-interested', { token, body: hidden })).status).toBe(201);

    const json = await call<Record<string, unknown>>('GET', '/user/export.json', { token });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({
      account: { id: member.id, name: 'Film Fan', email: member.email, role: 'user' },
      favorites: [],
      watchlist: expect.arrayContaining([expect.objectContaining({ contentId: 438631, title: 'Dune' })]),
      history: expect.arrayContaining([expect.objectContaining({ contentId: 194, title: 'Amélie' })]),
      notInterested: [
        expect.objectContaining({ contentId: 27205, contentType: 'movie', title: 'Inception' }),
      ],
    });
    expect(json.text).not.toContain('passwordHash');
  });
});

describe('an account closed by its member', () => {
  it('needs the password; then the member is signed out everywhere, cannot sign in, and a replay does not bring the profile back', async () => {
    const member = await signUp();
    const otherDevice = await site.signIn(member);
    const file = await preview(member.token, 'favorites', fixture('letterboxd-ratings.csv'));
    await importPreview(member.token, file.body.previewId);
    // A title hidden: the member's preferences go with the account too.
    const hidden = { contentId: 27205, contentType: 'movie', title: 'Inception', poster: null };
    expect((await call('POST', '/user/not-interested', { token: member.token, body: hidden })).status).toBe(
      201,
    );

    const wrong = await call('DELETE', '/auth/me', { token: member.token, body: { password: 'nope-nope' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'Your current password is not correct.' });
    expect((await call('DELETE', '/auth/me', { token: member.token, body: {} })).status).toBe(400);
    expect((await call('DELETE', '/auth/me', { body: { password: member.password } })).status).toBe(401);

    const closed = await call('DELETE', '/auth/me', {
      token: member.token,
      body: { password: member.password },
    });
    expect(closed.status, closed.text).toBe(200);
    for (const token of [member.token, otherDevice])
      expect((await call('GET', '/auth/me', { token })).status).toBe(401);
    const signIn = await call('POST', '/auth/login', {
      body: { email: member.email, password: member.password },
    });
    expect(signIn.status).toBe(401);

    // The log keeps nothing that names the member but the tombstone (their id).
    const store = openSqliteEventStore(eventStoreFile(site.dataDir));
    try {
      const naming = (await store.readAll({ maxCount: 1_000_000 })).filter(
        (e) => JSON.stringify(e.data).includes(member.id) || JSON.stringify(e.data).includes(member.email),
      );
      expect(naming.map((e) => `${e.stream} ${e.type}`)).toEqual([`user-${member.id} UserDeleted`]);
    } finally {
      await store.close();
    }

    // Rebuilt from the log, the read models do not know the member.
    for (const name of ['users', 'libraries']) {
      const started = await call<{ jobId: string }>('POST', `/admin/projections/${name}/replay`, {
        token: admin,
      });
      expect(started.status).toBe(202);
      let state = '';
      for (const deadline = Date.now() + 20_000; state !== 'completed' && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const all = await call<{ name: string; replay: { state: string } | null }[]>(
          'GET',
          '/admin/projections',
          { token: admin },
        );
        state = all.body.find((p) => p.name === name)?.replay?.state ?? '';
      }
      expect(state).toBe('completed');
    }
    const users = await call<{ users: { email: string }[] }>('GET', '/admin/users?limit=100', {
      token: admin,
    });
    expect(users.body.users.map((u) => u.email)).not.toContain(member.email);
    expect(
      (await call('POST', '/auth/login', { body: { email: member.email, password: member.password } }))
        .status,
    ).toBe(401);
    const redis = site.client();
    // Short-lived keys (the session's last write, rate limits) expire on their own.
    const keys = await redis.keys(`*${member.id}*`);
    expect(keys.filter((k) => !k.startsWith('session:') && !k.startsWith('ratelimit:'))).toEqual([]);

    // The address is free again.
    const again = await call('POST', '/auth/register', {
      body: { name: 'Someone New', email: member.email, password: 'secret-2' },
    });
    expect(again.status).toBe(201);
  });
});
