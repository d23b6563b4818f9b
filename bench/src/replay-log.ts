/**
 * npm run bench -- replay-log FILE
 *
 * Replays a kept log: the services started on a copy of the embedded store `FILE` and an empty
 * Redis, so every projector rebuilds its read model from the first event, as after Redis's data
 * is lost. Keep one from the traffic-history benchmark (`BENCH_KEEP_LOG=FILE npm run bench --
 * traffic-history 10000000 30 1000000 150000`): its replay then takes a few minutes instead of the
 * quarter of an hour the whole benchmark takes to write the log first. Reports the replay's time
 * and rate, when each projector caught up, and the CPU each process used.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { activeGeneration, readModelKeys } from '@cinefold/platform';
import { EVENT_COUNTS } from '@cinefold/read-models';
import { cpuSeconds } from './processes.js';
import { type ProjectorLag, startBenchServices } from './services.js';
import type { Row } from './table.js';
import { tempDir } from './temp.js';

export async function benchReplayLog(args: string[] = []): Promise<Row[]> {
  const file = args[0];
  if (!file)
    throw new Error(
      'replay-log needs the store to replay: BENCH_KEEP_LOG=FILE npm run bench -- traffic-history … keeps one',
    );
  const dir = tempDir('bench-replay-log');
  try {
    copyFileSync(file, join(dir.path, 'events.sqlite'));
    const began = performance.now();
    const caughtUp = new Map<string, number>();
    const watch = (projectors: readonly ProjectorLag[]) => {
      for (const { name, lag } of projectors)
        if (lag === 0 && !caughtUp.has(name)) caughtUp.set(name, (performance.now() - began) / 1000);
    };
    const services = await startBenchServices(
      'bench-replay-log',
      { DATA_DIR: dir.path },
      3_600_000,
      [],
      watch,
    );
    try {
      const seconds = (performance.now() - began) / 1000;
      // The event counts read model counts every event of the log.
      const generation = await activeGeneration(services.redis, EVENT_COUNTS.projector);
      const counts = await services.redis.hvals(
        readModelKeys.key(EVENT_COUNTS.projector, Number(generation), EVENT_COUNTS.byType),
      );
      const events = counts.reduce((sum, count) => sum + Number(count), 0);
      const rows: Row[] = [
        {
          measure: `start on an empty Redis until every projector has replayed the log (${events.toLocaleString('en-US')} events)`,
          value: seconds,
          unit: 's',
        },
        { measure: 'replay rate, all projectors together', value: events / seconds, unit: 'events/s' },
      ];
      for (const [name, at] of [...caughtUp].sort((a, b) => a[1] - b[1]))
        rows.push({ measure: `${name} caught up after`, value: at, unit: 's' });
      for (const [name, child] of Object.entries({
        projectors: services.projectors,
        gateway: services.gateway,
        workers: services.workers,
      }))
        rows.push({ measure: `CPU of ${name}`, value: cpuSeconds(child.pid!), unit: 's' });
      return rows;
    } finally {
      await services.stop();
    }
  } finally {
    dir.remove();
  }
}
