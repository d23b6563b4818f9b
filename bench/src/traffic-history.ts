/**
 * npm run bench -- traffic-history [views] [days] [movies] [tv]
 *
 * The dashboard over a long history: `views` page views (default 10,000,000) spread over the last
 * `days` days (default 30), on a catalogue of `movies` movies and `tv` TV shows (default 20,000
 * and 5,000) imported through the real services. The views are written straight into the
 * embedded store (as the tracking endpoint writes them: one stream per day, the same events), the
 * ended days are closed (as the workers' job closes them on a running site: a log of 30 days holds
 * 29 closings), then the site is started on an empty Redis, so every projector replays the whole
 * log. Reports:
 * - the replay: events/s until every projector has caught up;
 * - Redis memory of the traffic read model (every key of its serving generation);
 * - GET /api/admin/stats and the 7- and 90-day summaries, four admins asking without pause: p99.
 * `BENCH_KEEP_LOG=FILE` keeps a copy of the store as replayed, for `npm run bench -- replay-log FILE`.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CinefoldEvent, streams } from '@cinefold/contracts';
import {
  activeGeneration,
  createEventLog,
  daysAfter,
  daysEndingWith,
  encodeEvents,
  openSqliteEventStore,
  readModelKeys,
  siteDay,
  systemContext,
} from '@cinefold/platform';
import { TRAFFIC } from '@cinefold/read-models';
import { totalsOf } from '@cinefold/workers';
import type { Redis } from 'ioredis';
import { storeBytes } from './append-path.js';
import { dataset, importFile } from './catalogue.js';
import { load, type LoadResult } from './load.js';
import { startFixedBodyServer } from './processes.js';
import { startBenchServices } from './services.js';
import type { Row } from './table.js';
import { tempDir } from './temp.js';

const BATCH = 5_000;

/** A small deterministic generator (mulberry32), so every run writes the same views. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SOURCES = ['Direct', 'Google', 'Bing', 'DuckDuckGo', 'Facebook', 'Reddit', 'news.example'];
const DEVICES = ['desktop', 'mobile', 'tablet'];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'IN', 'BR', 'CA', 'JP', 'ES', 'IT', 'NL', 'MX'];
const LISTINGS = ['/', '/movies', '/tv-shows', '/action-movies', '/top-100-movies', '/movies?page=2'];

interface Catalogue {
  readonly movies: number;
  readonly tv: number;
}

/** Popular titles are viewed far more often than the rest: the square skews towards low ids. */
function pageView(next: () => number, day: number, catalogue: Catalogue): CinefoldEvent {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * next() * list.length)]!;
  const kind = next();
  const title =
    kind < 0.5
      ? { type: 'movie' as const, id: String(1 + Math.floor(next() * next() * catalogue.movies)) }
      : kind < 0.65
        ? { type: 'tv' as const, id: String(1 + Math.floor(next() * next() * catalogue.tv)) }
        : null;
  return {
    type: 'PageViewed',
    data: {
      path: title ? `/${title.type === 'movie' ? 'movies' : 'tv-shows'}/${title.id}` : pick(LISTINGS),
      title,
      source: pick(SOURCES),
      device: pick(DEVICES),
      country: pick(COUNTRIES),
      // About 40,000 visitors a day, each a new hash every day, as the daily salt makes them.
      visitor: `v${day}-${Math.floor(next() * 40_000)}`.padEnd(22, '0'),
    },
  };
}

async function trafficMemory(redis: Redis): Promise<number> {
  const generation = await activeGeneration(redis, TRAFFIC.projector);
  if (generation === null) return 0;
  let bytes = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(
      cursor,
      'MATCH',
      `${readModelKeys.generationPrefix(TRAFFIC.projector, generation)}*`,
      'COUNT',
      1000,
    );
    cursor = next;
    for (const key of keys) bytes += Number((await redis.memory('USAGE', key)) ?? 0);
  } while (cursor !== '0');
  return bytes;
}

export async function benchTrafficHistory(args: string[] = []): Promise<Row[]> {
  const views = Number(args[0] ?? 10_000_000);
  const dayCount = Number(args[1] ?? 30);
  const catalogue: Catalogue = { movies: Number(args[2] ?? 20_000), tv: Number(args[3] ?? 5_000) };
  const dir = tempDir('bench-traffic-history');
  const rows: Row[] = [];
  try {
    // 1. The catalogue, imported through the real services.
    const first = await startBenchServices('bench-traffic-history-import', { DATA_DIR: dir.path });
    try {
      const token = await first.adminToken();
      await importFile(
        first.base,
        token,
        await dataset('movie', catalogue.movies),
        'movie',
        first.workers.pid!,
      );
      await importFile(first.base, token, await dataset('tv', catalogue.tv), 'tv', first.workers.pid!);
    } finally {
      await first.stop();
    }

    // 2. The views, written into the store as group commit writes them.
    const file = join(dir.path, 'events.sqlite');
    const bytesBefore = storeBytes(file);
    const store = openSqliteEventStore(file);
    const days = daysEndingWith(siteDay('UTC'), dayCount);
    const next = random(7);
    let t = performance.now();
    try {
      for (let written = 0; written < views; written += BATCH) {
        const size = Math.min(BATCH, views - written);
        const dayIndex = Math.min(days.length - 1, Math.floor((written / views) * days.length));
        const events = Array.from({ length: size }, () => pageView(next, dayIndex, catalogue));
        const at = new Date(`${days[dayIndex]}T12:00:00Z`);
        await store.appendMany([
          {
            stream: streams.pageViews(days[dayIndex]!),
            // As the track route stamps them: anonymous, no correlation (see eventContext).
            events: encodeEvents(events, { actor: 'anonymous', now: at }),
          },
        ]);
      }
      rows.push({
        measure: `write ${views.toLocaleString('en-US')} page views over ${dayCount} days into the store`,
        value: (performance.now() - t) / 1000,
        unit: 's',
      });
      // Each ended day closed from its views, as the workers' job closes it a few minutes after
      // the day's end (closeTrafficBooks would close none here: it starts from the day of the
      // log's first event, the catalogue imported today).
      t = performance.now();
      const log = createEventLog(store);
      for (const day of days.slice(0, -1)) {
        await log.append(
          streams.trafficDayClosed(day),
          [{ type: 'TrafficDayClosed', data: await totalsOf(log, day) }],
          {
            expectedRevision: 'no_stream',
            context: systemContext(new Date(`${daysAfter(day, 1)}T00:10:00Z`)),
          },
        );
      }
      rows.push({
        measure: `close the ${days.length - 1} ended days from their views (the workers' job)`,
        value: (performance.now() - t) / 1000,
        unit: 's',
      });
    } finally {
      await store.close();
    }
    // For replaying the same log again without writing it (`npm run bench -- replay-log FILE`).
    const keep = process.env.BENCH_KEEP_LOG;
    if (keep) copyFileSync(file, keep);
    rows.push({
      measure: 'bytes on disk per stored page view (store file, log checkpointed)',
      value: (storeBytes(file) - bytesBefore) / views,
      unit: 'B',
      target: '<= 150',
    });

    // 3. The site on an empty Redis: every projector replays the whole log.
    t = performance.now();
    const services = await startBenchServices('bench-traffic-history', { DATA_DIR: dir.path }, 3_600_000);
    try {
      const seconds = (performance.now() - t) / 1000;
      const total = views + catalogue.movies + catalogue.tv;
      rows.push({
        measure: `start on an empty Redis until every projector has replayed the log (${total.toLocaleString('en-US')} events)`,
        value: seconds,
        unit: 's',
      });
      rows.push({
        measure: 'replay rate, all projectors together',
        value: total / seconds,
        unit: 'events/s',
      });
      rows.push({
        measure: 'Redis memory of the traffic read model',
        value: (await trafficMemory(services.redis)) / 1024 ** 2,
        unit: 'MB',
        target: '<= 100',
      });

      const token = await services.adminToken();
      const headers = { Authorization: `Bearer ${token}` };
      // A dashboard has a handful of readers at once: four admins with it open, asking without pause.
      const options = { connections: 4, seconds: 10, headers };
      const measured: { label: string; bytes: number; result: LoadResult }[] = [];
      for (const [label, path] of [
        ['GET /api/admin/stats', '/api/admin/stats'],
        ['GET /api/analytics/admin/summary?days=7', '/api/analytics/admin/summary?days=7'],
        ['GET /api/analytics/admin/summary?days=90', '/api/analytics/admin/summary?days=90'],
      ] as const) {
        // Asked until it answers: the site says "starting" for up to half a second after the
        // projectors caught up (it polls their progress), and a refusal measured would look fast.
        let answered: Response;
        for (let tries = 0; ; tries++) {
          answered = await fetch(`${services.base}${path}`, { headers });
          if (answered.ok) break;
          if (tries > 100) throw new Error(`${path} answered ${answered.status}: ${await answered.text()}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        measured.push({
          label,
          bytes: (await answered.arrayBuffer()).byteLength,
          result: await load(services.base, () => path, options),
        });
      }
      // What this machine allows at all, in the same run: Express sending a fixed JSON answer of
      // the stats' size to as many connections (on a shared machine, most of a p99 of a few ms is
      // the tail of the scheduler, whatever is served).
      const baselineBase = await startFixedBodyServer(services.children, measured[0]!.bytes);
      const baseline = await load(baselineBase, () => '/api/admin/stats', options);
      rows.push(
        {
          measure: `Express fixed ${measured[0]!.bytes}-byte JSON, 4 connections (baseline): p99`,
          value: baseline.p99,
          unit: 'ms',
        },
        { measure: 'baseline: throughput', value: baseline.rps, unit: 'req/s' },
      );
      for (const { label, result } of measured) {
        rows.push(
          {
            measure: `${label}, 4 admins at once: p99`,
            value: result.p99,
            unit: 'ms',
            target: '<= 10',
            ratio: result.p99 / baseline.p99,
          },
          {
            measure: `${label}: throughput (errors ${result.errors})`,
            value: result.rps,
            unit: 'req/s',
            ratio: result.rps / baseline.rps,
          },
        );
      }
    } finally {
      await services.stop();
    }
  } finally {
    dir.remove();
  }
  return rows;
}
