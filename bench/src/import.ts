/**
 * npm run bench -- import [movies]
 *
 * Where an import's time goes: imports the generated movie CSV (default 1,000,000 rows) through
 * the real services, as the catalogue benchmark does, and reports the wall time, when the worker
 * finished appending, the Redis memory the read models took, and the CPU seconds each process
 * spent (from /proc), with the Redis commands that took longest, beside the same file loaded
 * into the machine's PostgreSQL first (postgres-baseline.ts). A timeline of CPU use every 5 s
 * goes to stderr: while the worker runs, the three processes share the two cores; after it, the
 * projector and Redis.
 */
import { dataset, importFile } from './catalogue.js';
import { cpuSeconds } from './processes.js';
import { baselineRows, postgresBaseline } from './postgres-baseline.js';
import { commandRows, commandStats, redisPid } from './redis-commands.js';
import { redisMemoryBytes, startBenchServices } from './services.js';
import type { Row } from './table.js';

export async function benchImport(args: string[] = []): Promise<Row[]> {
  const movies = Number(args[0] ?? 1_000_000);
  const file = await dataset('movie', movies);
  const inPostgres = await postgresBaseline(file, 'movie');
  const services = await startBenchServices('bench-import');
  const { base, redis } = services;
  try {
    const redisProcess = await redisPid(redis);
    const pids: Record<string, number> = {
      workers: services.workers.pid!,
      projectors: services.projectors.pid!,
      gateway: services.gateway.pid!,
      redis: redisProcess,
    };
    const sample = () =>
      Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
    const token = await services.adminToken();
    const statsBefore = await commandStats(redis);
    const memoryBefore = await redisMemoryBytes(redis);
    const before = sample();
    let last = before;
    const started = performance.now();
    const timeline = setInterval(() => {
      const now = sample();
      const shares = Object.keys(pids).map(
        (name) => `${name} ${(((now[name]! - last[name]!) / 5) * 100).toFixed(0)}%`,
      );
      process.stderr.write(`${((performance.now() - started) / 1000).toFixed(0)} s: ${shares.join(', ')}\n`);
      last = now;
    }, 5000);
    const result = await importFile(base, token, file, 'movie', pids.workers!).finally(() =>
      clearInterval(timeline),
    );
    const after = sample();
    const rows: Row[] = [
      {
        measure: `import ${movies.toLocaleString('en-US')} movies to fully queryable`,
        value: result.seconds,
        unit: 's',
      },
      {
        measure: 'the import job completed (every row appended) after',
        value: result.appendedSeconds,
        unit: 's',
      },
      ...baselineRows('movies', inPostgres, result.seconds),
    ];
    rows.push({
      measure: 'Redis memory of the read models',
      value: ((await redisMemoryBytes(redis)) - memoryBefore) / 1024 ** 3,
      unit: 'GB',
    });
    for (const name of Object.keys(pids)) {
      rows.push({ measure: `CPU of ${name}`, value: after[name]! - before[name]!, unit: 's' });
    }
    rows.push(...(await commandRows(redis, statsBefore)));
    return rows;
  } finally {
    await services.stop();
  }
}
