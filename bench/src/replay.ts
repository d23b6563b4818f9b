import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import {
  connectRedis,
  createEventLog,
  openSqliteEventStore,
  START,
  startLocalRedis,
} from '@cinefold/platform';
import { rebuildProjection } from '@cinefold/projectors';
import type { Movie } from '@cinefold/contracts';
import {
  createCatalogueProjector,
  eventCountsProjector,
  indexOf,
  type NewTitle,
  packImports,
} from '@cinefold/read-models';
import { sampleEvent } from './events.js';
import { appendImportedTitles } from './import-log.js';
import { cpuSeconds } from './processes.js';
import { commandRows, commandStats, redisPid } from './redis-commands.js';
import type { Row } from './table.js';
import { tempDir } from './temp.js';

const EVENTS = 300_000;

/** A private event store and Redis for one benchmark, removed after it however it ends. */
async function withPrivateStore<T>(
  label: string,
  work: (
    store: ReturnType<typeof openSqliteEventStore>,
    redis: ReturnType<typeof connectRedis>,
  ) => Promise<T>,
): Promise<T> {
  const dir = tempDir(label);
  const redisServer = await startLocalRedis();
  const store = openSqliteEventStore(join(dir.path, 'events.sqlite'));
  const redis = connectRedis(redisServer.url, { name: 'bench', blocking: true });
  try {
    return await work(store, redis);
  } finally {
    redis.disconnect();
    await store.close();
    await redisServer.stop();
    dir.remove();
  }
}

/** The baseline of a replay: every event of $all read in pages, no projection, no Redis. */
async function timeRead(
  store: ReturnType<typeof openSqliteEventStore>,
  page: { maxCount: number; payloadTypes?: string[] },
): Promise<{ count: number; rate: number }> {
  const t = performance.now();
  let position = START;
  let count = 0;
  for (;;) {
    const events = await store.readAll({ from: position, ...page });
    if (events.length === 0) break;
    count += events.length;
    position = events.at(-1)!.position;
  }
  return { count, rate: count / ((performance.now() - t) / 1000) };
}

/** The projector's replay measured against the baseline read of the same events. */
function replayRows(
  baseline: { measure: string; rate: number },
  replay: { measure: string; rate: number },
): Row[] {
  return [
    { measure: baseline.measure, value: baseline.rate, unit: 'events/s' },
    {
      measure: replay.measure,
      value: replay.rate,
      unit: 'events/s',
      target: '>= 100,000',
      ratio: replay.rate / baseline.rate,
    },
  ];
}

/** Replays the event-counts projector into a private Redis, against reading the same events alone. */
export async function benchReplay(): Promise<Row[]> {
  return withPrivateStore('bench-replay', async (store, redis) => {
    const types = ['ContactMessageReceived', 'PageViewed', 'TitleImported', 'FavoriteAdded'];
    for (let i = 0; i < EVENTS; i += 500) {
      const batch = Array.from({ length: 500 }, (_, j) => ({
        ...sampleEvent(i + j),
        type: types[(i + j) % types.length]!,
      }));
      await store.append(`s-${i}`, batch, { expectedRevision: 'no_stream' });
    }

    const read = await timeRead(store, { maxCount: 1000 });
    const t = performance.now();
    const result = await rebuildProjection(eventCountsProjector, { store, redis, batchSize: 1000 });
    return replayRows(
      { measure: `read $all, ${EVENTS.toLocaleString('en-US')} events (baseline)`, rate: read.rate },
      {
        measure: 'replay event-counts into Redis',
        rate: result.processed / ((performance.now() - t) / 1000),
      },
    );
  });
}

/**
 * npm run bench -- replay-catalogue [titles]: the catalogue projector rebuilt from a log of
 * imported titles (the generated movie CSV, default 100,000 rows, one event a title), against
 * reading the same events with their payloads alone.
 */
export async function benchCatalogueReplay(args: string[] = []): Promise<Row[]> {
  const titles = Number(args[0] ?? 100_000);
  const { dataset } = await import('./catalogue.js');
  const file = await dataset('movie', titles);
  return withPrivateStore('bench-replay-catalogue', async (store, redis) => {
    await appendImportedTitles(createEventLog(store), 'import-replay', file);
    const projector = createCatalogueProjector();
    const baseline = await timeRead(store, { maxCount: 2000, payloadTypes: ['TitleImported'] });
    const redisProcess = await redisPid(redis);
    const cpu = () => ({ projector: cpuSeconds(process.pid), redis: cpuSeconds(redisProcess) });
    const before = cpu();
    const commandsBefore = await commandStats(redis);
    const t = performance.now();
    const result = await rebuildProjection(projector, { store, redis });
    const seconds = (performance.now() - t) / 1000;
    const after = cpu();
    const perTitle = (spent: number) => (spent / result.processed) * 1e6;
    const cost = await timeIndexing(store);
    const cores = availableParallelism();
    const redisPerTitle = perTitle(after.redis - before.redis);
    return [
      ...replayRows(
        {
          measure: `read ${baseline.count.toLocaleString('en-US')} imported titles from $all with payloads (baseline)`,
          rate: baseline.rate,
        },
        { measure: 'replay the catalogue projector into Redis', rate: result.processed / seconds },
      ),
      // Where the replay's CPU goes: this process (the projector's thread and its packing
      // threads) and Redis, whose one thread sets a ceiling no number of cores lifts.
      {
        measure: "the replay's CPU a title: this process (every thread)",
        value: perTitle(after.projector - before.projector),
        unit: 'µs',
      },
      { measure: "the replay's CPU a title: Redis", value: redisPerTitle, unit: 'µs' },
      {
        measure: "the most titles a second Redis's one thread takes at that cost",
        value: 1e6 / redisPerTitle,
        unit: 'events/s',
      },
      // The floor under the process's part, timed alone on this thread with nothing read or
      // written: what any layout needs of a title (its words, scores and compressed document),
      // and what the projector's threads do to it now (that, grouped by key and packed as RESP).
      {
        measure: 'a title indexed on one thread alone (words, scores, compressed document)',
        value: cost.indexing,
        unit: 'µs',
      },
      {
        measure: `the most titles a second ${cores} cores index at that cost, with nothing else to do`,
        value: (cores * 1e6) / cost.indexing,
        unit: 'events/s',
      },
      {
        measure: 'a title indexed and packed as the replay writes it, on one thread alone',
        value: cost.packing,
        unit: 'µs',
      },
      ...(await commandRows(redis, commandsBefore)),
    ];
  });
}

/**
 * CPU a title of indexing the log's imported titles on this thread, and of indexing and packing
 * them in batches of 2,000 as the replay's threads get them: each batch is read first, and only
 * the work on it is timed (the process's CPU, so the collector's threads count too).
 */
async function timeIndexing(
  store: ReturnType<typeof openSqliteEventStore>,
): Promise<{ indexing: number; packing: number }> {
  const prefixes = { movie: 'movie:e0:', tv: 'tv:e0:' };
  const spent = { indexing: 0, packing: 0 };
  const timed = (part: keyof typeof spent, work: () => void) => {
    const start = process.cpuUsage();
    work();
    const { user, system } = process.cpuUsage(start);
    spent[part] += user + system;
  };
  let position = START;
  let titles = 0;
  for (;;) {
    const events = await store.readAll({ from: position, maxCount: 2000, payloadTypes: ['TitleImported'] });
    if (events.length === 0) break;
    position = events.at(-1)!.position;
    const batch: NewTitle[] = [];
    for (const event of events)
      if (event.type === 'TitleImported')
        batch.push({ type: 'movie', title: (event.data as { title: Movie }).title, created: 0 });
    timed('indexing', () => {
      for (const { type, title } of batch) indexOf(type, title);
    });
    timed('packing', () => packImports({ prefixes, bytes: 64 * 1024, trimmed: 0, titles: batch }));
    titles += batch.length;
  }
  return { indexing: spent.indexing / titles, packing: spent.packing / titles };
}
