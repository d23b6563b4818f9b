/**
 * npm run bench -- restart [movies] [tv]
 *
 * Restarting a site that holds a big catalogue: `cinefold start` (private Redis on the data
 * directory) is filled with the generated CSVs (default 1,000,000 movies and 150,000 TV shows)
 * and stopped; then, in turns, the same data directory is loaded by a bare redis-server (the
 * baseline: nothing can come back faster than Redis reads its files) and by the site, timed until
 * `/api/health` answers 200. Target: the site within Redis's own load time plus 3 s.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, LOCAL_REDIS_URL_FILE, localRedisDir, READ_MODEL_TUNING } from '@cinefold/platform';
import { Redis } from 'ioredis';
import { dataset, importFile } from './catalogue.js';
import { runService, stop, waitForHttp } from './processes.js';
import { ADMIN, adminToken } from './services.js';
import { median, type Row } from './table.js';
import { tempDir } from './temp.js';

const ROUNDS = 3;

interface Site {
  readonly base: string;
  readonly child: ChildProcess;
}

async function startSite(dataDir: string): Promise<Site> {
  const port = await freePort();
  const child = runService('start', {
    DATA_DIR: dataDir,
    REDIS_URL: '',
    SEED_DEMO: '0',
    PORT: String(port),
    ...ADMIN,
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

/** Seconds until GET /api/health answers 200. */
async function untilHealthy(base: string, started: number): Promise<number> {
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return (performance.now() - started) / 1000;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits for a background rewrite of the append-only file (started at the site's start) to end. */
async function settleRewrites(dataDir: string): Promise<void> {
  const { url } = JSON.parse(readFileSync(join(localRedisDir(dataDir), LOCAL_REDIS_URL_FILE), 'utf8')) as {
    url: string;
  };
  const redis = new Redis(url);
  try {
    for (;;) {
      const info = await redis.info('persistence');
      if (/aof_rewrite_in_progress:0/.test(info) && /aof_rewrite_scheduled:0/.test(info)) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    redis.disconnect();
  }
}

/** Seconds a bare redis-server takes to load the data directory until it answers PING. */
async function bareRedisLoad(redisDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('redis-server', ['-'], { stdio: ['pipe', 'ignore', 'inherit'] });
  child.stdin?.end(
    [
      `port ${port}`,
      'bind 127.0.0.1',
      'save ""',
      `dir ${JSON.stringify(redisDir)}`,
      'appendonly yes',
      ...READ_MODEL_TUNING,
    ].join('\n'),
  );
  const redis = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => 20 });
  redis.on('error', () => undefined);
  try {
    for (;;) {
      try {
        if (redis.status !== 'ready') await redis.connect().catch(() => undefined);
        if ((await redis.ping()) === 'PONG') return (performance.now() - started) / 1000;
      } catch {
        // LOADING, or not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await redis.call('SHUTDOWN', 'NOSAVE').catch(() => undefined);
    redis.disconnect();
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  }
}

function aofSizes(redisDir: string): { base: number; incremental: number } {
  const dir = join(redisDir, 'appendonlydir');
  let base = 0;
  let incremental = 0;
  for (const name of readdirSync(dir)) {
    const size = statSync(join(dir, name)).size;
    if (name.includes('.base.')) base += size;
    else if (name.includes('.incr.')) incremental += size;
  }
  return { base, incremental };
}

export async function benchRestart(args: string[] = []): Promise<Row[]> {
  const movies = Number(args[0] ?? 1_000_000);
  const shows = Number(args[1] ?? 150_000);
  const files = { movie: await dataset('movie', movies), tv: await dataset('tv', shows) };
  const dir = tempDir('bench-restart');
  const redisDir = localRedisDir(dir.path);
  try {
    process.stderr.write(`filling a site with ${movies} movies and ${shows} TV shows...\n`);
    const filling = await startSite(dir.path);
    await waitForHttp(`${filling.base}/api/health`, 120_000);
    const token = await adminToken(filling.base);
    await importFile(filling.base, token, files.movie, 'movie', filling.child.pid!);
    await importFile(filling.base, token, files.tv, 'tv', filling.child.pid!);
    await stop(filling.child);
    const filled = aofSizes(redisDir);

    const bare: number[] = [];
    const site: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bare.push(await bareRedisLoad(redisDir));
      const started = performance.now();
      const restarted = await startSite(dir.path);
      site.push(await untilHealthy(restarted.base, started));
      process.stderr.write(
        `round ${round + 1}: redis alone ${bare.at(-1)!.toFixed(1)} s, site ${site.at(-1)!.toFixed(1)} s\n`,
      );
      // A rewrite the start began must end before the next round loads the files.
      await settleRewrites(dir.path);
      await stop(restarted.child);
    }
    const after = aofSizes(redisDir);
    const mb = (bytes: number) => bytes / 1024 ** 2;
    return [
      { measure: 'append-only file after filling: snapshot part', value: mb(filled.base), unit: 'MB' },
      { measure: 'append-only file after filling: replayed part', value: mb(filled.incremental), unit: 'MB' },
      { measure: 'append-only file after the restarts: snapshot part', value: mb(after.base), unit: 'MB' },
      {
        measure: 'append-only file after the restarts: replayed part',
        value: mb(after.incremental),
        unit: 'MB',
      },
      { measure: `first load: bare redis-server`, value: bare[0]!, unit: 's' },
      { measure: `first restart: cinefold start until /api/health is 200`, value: site[0]!, unit: 's' },
      {
        measure: `bare redis-server loading the data directory (median of ${ROUNDS})`,
        value: median(bare),
        unit: 's',
      },
      {
        measure: `cinefold start until /api/health is 200 (median of ${ROUNDS})`,
        value: median(site),
        unit: 's',
        ratio: median(site) / median(bare),
      },
      {
        measure: 'restart minus Redis load (median of the rounds)',
        value: median(site.map((s, i) => s - bare[i]!)),
        unit: 's',
        target: '<= 3',
      },
    ];
  } finally {
    dir.remove();
  }
}
