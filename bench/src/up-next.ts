/**
 * npm run bench -- up-next [history] [requests]
 *
 * The home request of a member whose watch history holds `history` entries (default 10,000)
 * against a guest's, in one run, on one site (gateway, projectors and workers in their own
 * processes) holding 20,000 generated movies and 5,000 shows. The member's history is written
 * straight into the embedded store as the watch-history route writes it: 60% views of as many
 * different movies (a third of them finished), 40% views of episodes of 1,000 shows, a season
 * marked watched every 50 views and 50 titles "not interested" among the most popular movies
 * (so the member's home answer is filtered). Then, `requests` times (default 2,000), in turn:
 * - a guest's `GET /api/home` (the fast lane's kept answer, as every visitor gets it);
 * - the member's `GET /api/home` (the same kept answer, filtered for them) and `GET
 *   /api/user/up-next` (the Continue Watching row), each alone, and the two together as the home
 *   page asks for them: its p99 less the guest's is the "extra" the issue bounds (≤ 10 ms);
 * and 20 times a new view followed at once by the row, with the position the view answered
 * (read your own writes): how many rows showed it first.
 */
import { join } from 'node:path';
import { type CinefoldEvent, EVENT_POSITION_HEADER, streams } from '@cinefold/contracts';
import { createEventLog, openSqliteEventStore } from '@cinefold/platform';
import { catalogueKey, locateCatalogue, orderKey, orderRange } from '@cinefold/read-models';
import { dataset, importFile } from './catalogue.js';
import { startBenchServices, waitForProjectors } from './services.js';
import { percentile, type Row } from './table.js';

const MOVIES = 20_000;
const SHOWS = 5_000;
const SEED_BATCH = 1_000;

export async function benchUpNext(args: string[]): Promise<Row[]> {
  const history = Number(args[0] ?? 10_000);
  const requests = Number(args[1] ?? 2_000);
  const [movieFile, tvFile] = [await dataset('movie', MOVIES), await dataset('tv', SHOWS)];
  const services = await startBenchServices('bench-up-next', { TRUST_PROXY: 'loopback' });
  const { base, redis } = services;
  try {
    const admin = await services.adminToken();
    await importFile(base, admin, movieFile, 'movie', services.workers.pid!);
    await importFile(base, admin, tvFile, 'tv', services.workers.pid!);
    const location = (await locateCatalogue(redis))!;
    const byPopularity = async (type: 'movie' | 'tv') =>
      orderRange(redis, catalogueKey(location, type, orderKey('popularity')), 0, Number.MAX_SAFE_INTEGER, {
        descending: true,
      });
    const [movies, shows] = [await byPopularity('movie'), await byPopularity('tv')];

    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.88.0.1' },
      body: JSON.stringify({ name: 'Viewer', email: 'viewer@bench.example', password: 'bench-viewer-1' }),
    });
    const member = (await registered.json()) as { id: string; token: string };
    if (!member.token) throw new Error(`sign-up answered ${registered.status}`);
    // A member with no history and nothing hidden: what any member's home costs (Express, the token).
    const newcomer = (await (
      await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.88.0.2' },
        body: JSON.stringify({ name: 'Newcomer', email: 'new@bench.example', password: 'bench-viewer-1' }),
      })
    ).json()) as { token: string };

    // The history, oldest first, as the routes write it.
    const store = openSqliteEventStore(join(services.env.DATA_DIR!, 'events.sqlite'));
    const log = createEventLog(store);
    const userId = member.id;
    const events: CinefoldEvent[] = [];
    const movieViews = Math.round(history * 0.6);
    for (let i = 0; i < history; i++) {
      if (i < movieViews) {
        const id = Number(movies[(movies.length - 1 - i) % movies.length]);
        events.push({
          type: 'TitleWatched',
          data: {
            userId,
            contentId: id,
            contentType: 'movie',
            title: `Movie ${id}`,
            poster: null,
            progress: 0,
            completed: i % 3 === 0,
            episode: null,
          },
        });
      } else {
        const n = i - movieViews;
        const id = Number(shows[(shows.length - 1 - (n % 1_000)) % shows.length]);
        const episode = { season: 1 + Math.floor(n / 1_000), episode: 1 };
        const show = { userId, contentId: id, contentType: 'tv' as const, title: `Show ${id}`, poster: null };
        events.push({ type: 'TitleWatched', data: { ...show, progress: 0, completed: false, episode } });
        if (n % 50 === 0) {
          events.push({
            type: 'TitleMarkedWatched',
            data: { ...show, through: { season: episode.season, episode: null } },
          });
        }
      }
    }
    const hidden = movies.slice(0, 50).map((id): CinefoldEvent => ({
      type: 'NotInterestedAdded',
      data: { userId, contentId: Number(id), contentType: 'movie', title: `Movie ${id}`, poster: null },
    }));
    const context = (i: number) => ({
      actor: userId,
      correlationId: `seed-${i}`,
      causationId: null,
      now: new Date(),
    });
    for (let from = 0; from < events.length; from += SEED_BATCH) {
      await log.append(streams.history(userId), events.slice(from, from + SEED_BATCH), {
        expectedRevision: 'any',
        context: context(from),
      });
    }
    await log.append(streams.preferences(userId), hidden, { expectedRevision: 'any', context: context(-1) });
    await store.close();
    await waitForProjectors(base, undefined, 600_000);

    const get = async (path: string, token?: string, position?: string | null) => {
      const started = performance.now();
      const response = await fetch(`${base}/api${path}`, {
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(position ? { [EVENT_POSITION_HEADER]: position } : {}),
        },
      });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body}`);
      return { ms: performance.now() - started, body };
    };
    const rowSize = JSON.parse((await get('/user/up-next', member.token)).body).items.length as number;
    // Warm both paths (the first request's one-time costs aside).
    for (let i = 0; i < 50; i++) {
      await get('/home');
      await get('/home', member.token);
      await get('/user/up-next', member.token);
    }
    const times = {
      guest: [] as number[],
      newcomer: [] as number[],
      memberHome: [] as number[],
      row: [] as number[],
      page: [] as number[],
    };
    for (let i = 0; i < requests; i++) {
      times.guest.push((await get('/home')).ms);
      times.newcomer.push((await get('/home', newcomer.token)).ms);
      times.memberHome.push((await get('/home', member.token)).ms);
      times.row.push((await get('/user/up-next', member.token)).ms);
      const started = performance.now();
      await Promise.all([get('/home', member.token), get('/user/up-next', member.token)]);
      times.page.push(performance.now() - started);
    }

    // Read your own writes: a view, then at once the row with the view's position.
    let seen = 0;
    const fresh = movies.slice(100, 120);
    for (const id of fresh) {
      const response = await fetch(`${base}/api/user/watch-history`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${member.token}`,
          'x-forwarded-for': '10.88.0.1',
        },
        body: JSON.stringify({
          contentId: Number(id),
          contentType: 'movie',
          title: `Movie ${id}`,
          poster: null,
        }),
      });
      const position = response.headers.get(EVENT_POSITION_HEADER);
      await response.text();
      const row = JSON.parse((await get('/user/up-next', member.token, position)).body) as {
        items: { contentId: number }[];
      };
      if (row.items[0]?.contentId === Number(id)) seen++;
    }

    const p99 = (values: number[]) => percentile(values, 0.99);
    const extra = p99(times.page) - p99(times.guest);
    return [
      {
        measure: `guest GET /api/home p50 (baseline; ${requests} requests)`,
        value: percentile(times.guest, 0.5),
        unit: 'ms',
      },
      { measure: 'guest GET /api/home p99', value: p99(times.guest), unit: 'ms' },
      {
        measure: 'a new member (no history, nothing hidden): GET /api/home p50 / p99',
        value: percentile(times.newcomer, 0.5),
        unit: `ms / ${p99(times.newcomer).toFixed(2)} ms`,
      },
      {
        measure: `member with ${history.toLocaleString('en-US')} history entries: GET /api/home p50 / p99 (filtered: 50 not interested)`,
        value: percentile(times.memberHome, 0.5),
        unit: `ms / ${p99(times.memberHome).toFixed(2)} ms`,
      },
      {
        measure: `the member's GET /api/user/up-next p50 / p99 (${rowSize} items)`,
        value: percentile(times.row, 0.5),
        unit: `ms / ${p99(times.row).toFixed(2)} ms`,
      },
      {
        measure: "the member's home page: both together, p50",
        value: percentile(times.page, 0.5),
        unit: 'ms',
      },
      {
        measure: "the member's home page: both together, p99",
        value: p99(times.page),
        unit: 'ms',
        ratio: p99(times.page) / p99(times.guest),
      },
      { measure: "extra over a guest's home request, p99", value: extra, unit: 'ms', target: '<= 10 ms' },
      {
        measure: "extra over a new member's home request, p99 (what Up Next adds)",
        value: p99(times.page) - p99(times.newcomer),
        unit: 'ms',
      },
      {
        measure: 'a view shown first by the next read of the row (read your own writes)',
        value: seen,
        unit: `of ${fresh.length}`,
        target: 'all',
      },
    ];
  } finally {
    await services.stop();
  }
}
