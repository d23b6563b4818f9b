/**
 * Starts a private `redis-server` child process: `npm start` uses it (append-only file on,
 * data under the data directory) when no REDIS_URL is given, and every test file uses it
 * (nothing on disk) so that no test ever touches a Redis it did not start.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { makePrivate } from '../config/private-dir.js';
import {
  DEFAULT_STALL_MS,
  type LoadingProgress,
  loadingProbe,
  ProgressClock,
  RedisStalledError,
  readLoading,
} from './loading.js';

/**
 * When this names a file, the pid of every redis-server started here is added to it, so that a
 * test runner can stop the ones a dead test left behind (see testing/leftovers.ts).
 */
export const CHILD_PIDS_FILE = 'CINEFOLD_CHILD_PIDS_FILE';

/** Written in the data directory of a running private Redis: a LocalRedisRecord. */
export const LOCAL_REDIS_URL_FILE = 'redis.json';

export interface LocalRedisRecord {
  readonly url: string;
  /** The Cinefold process that started it. */
  readonly ownerPid: number;
}

export interface LocalRedisOptions {
  /** Directory for the append-only file; when absent Redis keeps nothing on disk. */
  readonly dataDir?: string;
  readonly port?: number;
  /** Told how far a load of the data directory has got. */
  readonly onProgress?: (progress: LoadingProgress) => void;
  /** Give up when loading makes no progress for this long (ms); there is no other deadline. */
  readonly stallMs?: number;
  /** More lines of redis.conf (tests slow a load down with `key-load-delay`). */
  readonly extraConfig?: readonly string[];
  /** The password to require; a random one when absent. A Redis restarted on the same port with
   * the same password is found again by clients that were connected to the one before. */
  readonly password?: string;
}

export interface LocalRedis {
  readonly url: string;
  readonly port: number;
  /** The redis-server process (for a test that kills it outright). */
  readonly pid: number;
  stop(): Promise<void>;
}

/**
 * Sets of up to this many integer ids are kept as sorted arrays of 4 bytes an id instead of hash
 * tables of about 48: at a million titles that is every search term but the five or six commonest,
 * every year and most genres (2.27 GB of read models became about 1.9). Adding an id to such an
 * array moves the ids after it: measured here, 0.5 µs an id into a hash table, 0.85 µs into arrays
 * that grow to 60,000 ids and 1.6 µs to 130,000. Bigger sets stay hash tables (see README,
 * performance).
 */
export const READ_MODEL_TUNING = ['set-max-intset-entries 131072'];

export class RedisServerMissingError extends Error {
  override readonly name = 'RedisServerMissingError';
  constructor() {
    super(
      'redis-server was not found on PATH. Install it (Debian/Ubuntu: apt-get install redis-server; ' +
        'macOS: brew install redis) or set REDIS_URL to a Redis 7 you already run.',
    );
  }
}

let checkedBinary = false;
function ensureBinary(): void {
  if (checkedBinary) return;
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new RedisServerMissingError();
  checkedBinary = true;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not find a free port'));
      });
    });
  });
}

/**
 * Resolves when the server says it is ready. Until then it is given as long as it shows progress:
 * a new line in its log, or more of its data loaded (INFO persistence).
 */
function waitForReady(
  child: ChildProcess,
  url: string,
  port: number,
  options: Pick<LocalRedisOptions, 'onProgress' | 'stallMs'>,
): Promise<void> {
  const stallMs = options.stallMs ?? DEFAULT_STALL_MS;
  return new Promise((resolve, reject) => {
    let output = '';
    const clock = new ProgressClock();
    const probe = loadingProbe(url);
    let last: LoadingProgress | null = null;
    let polling = false;
    const poller = setInterval(() => {
      if (clock.stalledFor() > stallMs) {
        const at = last?.percent == null ? '' : ` at ${last.percent}%`;
        return fail(
          new RedisStalledError(
            `redis-server on port ${port} stopped making progress loading its data${at} (nothing moved for ${Math.round(stallMs / 1000)} s)`,
          ),
        );
      }
      if (polling) return;
      polling = true;
      void readLoading(probe).then((state) => {
        polling = false;
        if (!state?.loading) return;
        const { progress } = state;
        if (last && progress.loadedBytes === last.loadedBytes && progress.percent === last.percent) return;
        last = progress;
        clock.moved();
        options.onProgress?.(progress);
      });
    }, 250);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      clock.moved();
      if (output.includes('Ready to accept connections')) done();
    };
    const onExit = (code: number | null) => {
      const lastLine = output.trim().split('\n').at(-1) ?? '';
      fail(new Error(`redis-server exited with code ${code} before it was ready: ${lastLine}`));
    };
    function cleanup() {
      clearInterval(poller);
      probe.disconnect();
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    }
    function done() {
      cleanup();
      resolve();
    }
    function fail(error: Error) {
      cleanup();
      reject(error);
    }
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

/**
 * The server's configuration, given on its standard input so that the password never shows in a
 * process list. CONFIG is disabled: nothing that reaches the port can move the data directory to
 * write files elsewhere or turn the password off.
 */
function serverConfig(port: number, password: string, options: LocalRedisOptions): string {
  const lines = [
    `port ${port}`,
    'bind 127.0.0.1',
    'save ""',
    'loglevel notice',
    `requirepass ${password}`,
    'rename-command CONFIG ""',
    ...READ_MODEL_TUNING,
  ];
  if (options.dataDir) {
    lines.push(
      `dir ${JSON.stringify(options.dataDir)}`,
      'appendonly yes',
      'appendfsync everysec',
      // The base file is a snapshot (fast to load); only what came after it is replayed.
      'aof-use-rdb-preamble yes',
    );
  } else {
    // Nothing on disk, a replica included: it loads the primary's snapshot from the socket
    // instead of writing dump.rdb into whatever directory the process runs in.
    lines.push('appendonly no', 'repl-diskless-load swapdb');
  }
  lines.push(...(options.extraConfig ?? []));
  return `${lines.join('\n')}\n`;
}

/**
 * The incremental part of the append-only file is replayed command by command at start, much
 * slower than the snapshot it follows. Once it has grown past a quarter of the snapshot (and
 * 64 MB), rewrite the file in the background, so the next start loads one snapshot again.
 */
export async function compactAppendOnlyFile(redis: Redis): Promise<boolean> {
  const info = await redis.info('persistence');
  const field = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)?.[1] ?? 0);
  const base = field('aof_base_size');
  const grown = field('aof_current_size') - base;
  if (field('aof_enabled') !== 1 || field('aof_rewrite_in_progress') === 1) return false;
  if (grown < Math.max(64 * 1024 ** 2, base / 4)) return false;
  await redis.bgrewriteaof();
  return true;
}

export async function startLocalRedis(options: LocalRedisOptions = {}): Promise<LocalRedis> {
  ensureBinary();
  if (options.dataDir) makePrivate(options.dataDir);
  for (let attempt = 0; ; attempt++) {
    const port = options.port ?? (await freePort());
    const password = options.password ?? randomBytes(24).toString('hex');
    const url = `redis://:${password}@127.0.0.1:${port}`;
    // Its own process group: a Ctrl-C or a SIGTERM sent to our group must not stop Redis before
    // we have finished stopping the things that still write to it. We stop it last, ourselves.
    // umask 077: every file it writes (the append-only files) is the owner's alone.
    const child = spawn('/bin/sh', ['-c', 'umask 077 && exec redis-server -'], {
      stdio: ['pipe', 'pipe', 'inherit'],
      detached: true,
    });
    child.stdin?.end(serverConfig(port, password, options));
    const pidsFile = process.env[CHILD_PIDS_FILE];
    if (pidsFile && child.pid) appendFileSync(pidsFile, `${child.pid}\n`);
    const stopOnExit = () => child.kill('SIGTERM');
    process.once('exit', stopOnExit);
    try {
      await waitForReady(child, url, port, options);
    } catch (error) {
      process.off('exit', stopOnExit);
      child.kill('SIGKILL');
      // Another process may have taken the free port between our probe and Redis binding it.
      if (options.port === undefined && attempt < 3 && !(error instanceof RedisStalledError)) continue;
      throw error;
    }
    child.stdout?.resume();
    // Tools run beside the site (`npm run replay`) find its private Redis (and its password)
    // through this file, and a later start can tell whether the process that owned it is alive.
    const urlFile = options.dataDir ? join(options.dataDir, LOCAL_REDIS_URL_FILE) : null;
    const record: LocalRedisRecord = { url, ownerPid: process.pid };
    if (urlFile) writeFileSync(urlFile, `${JSON.stringify(record)}\n`, { mode: 0o600 });
    child.once('exit', () => {
      process.off('exit', stopOnExit);
      if (urlFile) rmSync(urlFile, { force: true });
    });
    return {
      url,
      port,
      pid: child.pid!,
      stop: () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    };
  }
}
