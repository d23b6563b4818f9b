/**
 * Starts a private `redis-server` child process: `npm start` uses it (append-only file on,
 * data under the data directory) when no REDIS_URL is given, and every test file uses it
 * (nothing on disk) so that no test ever touches a Redis it did not start.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

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
}

export interface LocalRedis {
  readonly url: string;
  readonly port: number;
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
export const READ_MODEL_TUNING = ['--set-max-intset-entries', '131072'];

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

function waitForReady(child: ChildProcess, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => fail(new Error(`redis-server on port ${port} did not start:\n${output}`)),
      10_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) done();
    };
    const onExit = (code: number | null) =>
      fail(new Error(`redis-server exited with code ${code} before it was ready:\n${output.trim()}`));
    function cleanup() {
      clearTimeout(timer);
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

export async function startLocalRedis(options: LocalRedisOptions = {}): Promise<LocalRedis> {
  ensureBinary();
  for (let attempt = 0; ; attempt++) {
    const port = options.port ?? (await freePort());
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--loglevel',
      'notice',
      ...READ_MODEL_TUNING,
    ];
    if (options.dataDir) {
      mkdirSync(options.dataDir, { recursive: true });
      args.push('--dir', options.dataDir, '--appendonly', 'yes', '--appendfsync', 'everysec');
    } else {
      args.push('--appendonly', 'no');
    }
    // Its own process group: a Ctrl-C or a SIGTERM sent to our group must not stop Redis before
    // we have finished stopping the things that still write to it. We stop it last, ourselves.
    const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    const stopOnExit = () => child.kill('SIGTERM');
    process.once('exit', stopOnExit);
    try {
      await waitForReady(child, port);
    } catch (error) {
      process.off('exit', stopOnExit);
      child.kill('SIGKILL');
      // Another process may have taken the free port between our probe and Redis binding it.
      if (options.port === undefined && attempt < 3) continue;
      throw error;
    }
    child.stdout?.resume();
    const url = `redis://127.0.0.1:${port}`;
    // Tools run beside the site (`npm run replay`) find its private Redis through this file,
    // and a later start can tell whether the process that owned it is still alive.
    const urlFile = options.dataDir ? join(options.dataDir, LOCAL_REDIS_URL_FILE) : null;
    const record: LocalRedisRecord = { url, ownerPid: process.pid };
    if (urlFile) writeFileSync(urlFile, `${JSON.stringify(record)}\n`);
    child.once('exit', () => {
      process.off('exit', stopOnExit);
      if (urlFile) rmSync(urlFile, { force: true });
    });
    return {
      url,
      port,
      stop: () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    };
  }
}
