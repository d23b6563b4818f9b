import { join } from 'node:path';
import type { CinefoldEvent, Movie } from '@cinefold/contracts';
import {
  connectRedis,
  createEventLog,
  inspectCsv,
  openSqliteEventStore,
  readCsv,
  START,
  startLocalRedis,
  systemContext,
} from '@cinefold/platform';
import { rebuildProjection } from '@cinefold/projectors';
import { eventCountsProjector, createCatalogueProjector } from '@cinefold/read-models';
import { rowReader } from '@cinefold/workers';
import { sampleEvent } from './events.js';
import type { Row } from './table.js';
import { tempDir } from './temp.js';

const EVENTS = 300_000;

/** Replays the event-counts projector into a private Redis, against reading the same events alone. */
export async function benchReplay(): Promise<Row[]> {
  const dir = tempDir('bench-replay');
  const redisServer = await startLocalRedis();
  const store = openSqliteEventStore(join(dir.path, 'events.sqlite'));
  const redis = connectRedis(redisServer.url, { name: 'bench', blocking: true });
  try {
    const types = ['ContactMessageReceived', 'PageViewed', 'TitleImported', 'FavoriteAdded'];
    for (let i = 0; i < EVENTS; i += 500) {
      const batch = Array.from({ length: 500 }, (_, j) => ({
        ...sampleEvent(i + j),
        type: types[(i + j) % types.length]!,
      }));
      await store.append(`s-${i}`, batch, { expectedRevision: 'no_stream' });
    }

    // Baseline: reading every event in pages of 1000, no projection, no Redis.
    let t = performance.now();
    let position = START;
    for (;;) {
      const page = await store.readAll({ from: position, maxCount: 1000 });
      if (page.length === 0) break;
      position = page.at(-1)!.position;
    }
    const readRate = EVENTS / ((performance.now() - t) / 1000);

    t = performance.now();
    const result = await rebuildProjection(eventCountsProjector, { store, redis, batchSize: 1000 });
    const replayRate = result.processed / ((performance.now() - t) / 1000);

    return [
      {
        measure: `read $all, ${EVENTS.toLocaleString('en-US')} events (baseline)`,
        value: readRate,
        unit: 'events/s',
      },
      {
        measure: 'replay event-counts into Redis',
        value: replayRate,
        unit: 'events/s',
        target: '>= 100,000',
        ratio: replayRate / readRate,
      },
    ];
  } finally {
    redis.disconnect();
    await store.close();
    await redisServer.stop();
    dir.remove();
  }
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
  const dir = tempDir('bench-replay-catalogue');
  const redisServer = await startLocalRedis();
  const store = openSqliteEventStore(join(dir.path, 'events.sqlite'));
  const redis = connectRedis(redisServer.url, { name: 'bench', blocking: true });
  try {
    const log = createEventLog(store);
    const { encoding, header } = await inspectCsv(file, 'movie');
    const read = rowReader('movie', header);
    await readCsv(file, encoding, async (records) => {
      const events: CinefoldEvent[] = [];
      for (const record of records) {
        if (record.line === 1) continue;
        const row = read(record.fields);
        if (row.ok)
          events.push({
            type: 'TitleImported',
            data: { type: 'movie', line: record.line, title: row.title as Movie },
          });
      }
      for (let i = 0; i < events.length; i += 500)
        await log.append('import-replay', events.slice(i, i + 500), {
          expectedRevision: 'any',
          context: systemContext(),
        });
    });
    const projector = createCatalogueProjector();
    let t = performance.now();
    let position = START;
    let count = 0;
    for (;;) {
      const page = await store.readAll({ from: position, maxCount: 2000, payloadTypes: ['TitleImported'] });
      if (page.length === 0) break;
      count += page.length;
      position = page.at(-1)!.position;
    }
    const readRate = count / ((performance.now() - t) / 1000);
    t = performance.now();
    const result = await rebuildProjection(projector, { store, redis });
    const replayRate = result.processed / ((performance.now() - t) / 1000);
    return [
      {
        measure: `read ${count.toLocaleString('en-US')} imported titles from $all with payloads (baseline)`,
        value: readRate,
        unit: 'events/s',
      },
      {
        measure: 'replay the catalogue projector into Redis',
        value: replayRate,
        unit: 'events/s',
        target: '>= 100,000',
        ratio: replayRate / readRate,
      },
    ];
  } finally {
    redis.disconnect();
    await store.close();
    await redisServer.stop();
    dir.remove();
  }
}
