import { join } from 'node:path';
import { connectRedis, openSqliteEventStore, START, startLocalRedis } from '@cinefold/platform';
import { eventCountsProjector, rebuildProjection } from '@cinefold/projectors';
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
