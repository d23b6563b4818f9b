import { statSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  compactAppendOnlyFile,
  type LoadingProgress,
  type LocalRedis,
  LOCAL_REDIS_URL_FILE,
  RedisStalledError,
  startLocalRedis,
} from '../src/index.js';
import { makeTempDir } from '../src/testing/index.js';

const dirs: ReturnType<typeof makeTempDir>[] = [];
const servers: LocalRedis[] = [];
const clients: Redis[] = [];

function tempDir() {
  const dir = makeTempDir('local-redis');
  dirs.push(dir);
  return dir.path;
}

async function start(...args: Parameters<typeof startLocalRedis>) {
  const server = await startLocalRedis(...args);
  servers.push(server);
  return server;
}

function connect(url: string) {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  client.on('error', () => undefined);
  clients.push(client);
  return client;
}

afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});
afterAll(() => {
  for (const dir of dirs) dir.remove();
});

/** A data directory whose snapshot holds `keys` keys, written by a private Redis now stopped. */
async function dataDirWith(keys: number): Promise<string> {
  const dir = tempDir();
  const server = await start({ dataDir: dir });
  const redis = connect(server.url);
  for (let from = 0; from < keys; from += 10_000) {
    const batch = redis.pipeline();
    for (let i = from; i < Math.min(keys, from + 10_000); i++) batch.set(`title:${i}`, `document ${i}`);
    await batch.exec();
  }
  await redis.bgrewriteaof();
  for (;;) {
    const info = await redis.info('persistence');
    if (/aof_rewrite_in_progress:0/.test(info) && /aof_rewrite_scheduled:0/.test(info)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await server.stop();
  return dir;
}

describe('the private redis-server', () => {
  it('waits for a data directory that takes longer than ten seconds to load, reporting its progress', async () => {
    const dir = await dataDirWith(100_000);
    const progress: LoadingProgress[] = [];
    const startedAt = Date.now();
    const server = await start({
      dataDir: dir,
      // Each key takes 50 µs more to load: 100,000 keys load in over ten seconds, longer than
      // the fixed deadline that used to give up on the 1M-title data directory.
      extraConfig: ['key-load-delay 50', 'loading-process-events-interval-bytes 4096'],
      onProgress: (p) => progress.push(p),
    });
    const loadedIn = Date.now() - startedAt;
    expect(loadedIn, 'the scenario needs a load longer than the old deadline').toBeGreaterThan(10_000);
    expect(await connect(server.url).dbsize()).toBe(100_000);
    expect(progress.length).toBeGreaterThan(3);
    const percents = progress.map((p) => p.percent ?? 0);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBeGreaterThan(50);
  }, 60_000);

  it('gives up with one clear line when a load stops making progress', async () => {
    const dir = await dataDirWith(1000);
    const failure = await start({
      dataDir: dir,
      // Five seconds a key: nothing moves within the one second we allow.
      extraConfig: ['key-load-delay 5000000'],
      stallMs: 1000,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RedisStalledError);
    expect(String((failure as Error).message)).toMatch(
      /^redis-server on port \d+ stopped making progress loading its data .*\(nothing moved for 1 s\)$/,
    );
  });

  it('asks for a password, refuses CONFIG, and keeps its files to its owner', async () => {
    const dir = tempDir();
    const server = await start({ dataDir: dir });
    const url = new URL(server.url);
    expect(url.password).toMatch(/^[0-9a-f]{48}$/);

    const anonymous = connect(`redis://127.0.0.1:${url.port}`);
    await expect(anonymous.get('anything')).rejects.toThrow(/NOAUTH/);

    const owner = connect(server.url);
    await owner.set('written', '1');
    await expect(owner.call('CONFIG', 'SET', 'dir', '/tmp')).rejects.toThrow(/unknown command/i);
    await expect(owner.call('CONFIG', 'GET', 'requirepass')).rejects.toThrow(/unknown command/i);

    const mode = (path: string) => statSync(path).mode & 0o777;
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, LOCAL_REDIS_URL_FILE))).toBe(0o600);
    expect(mode(join(dir, 'appendonlydir'))).toBe(0o700);
    expect(mode(join(dir, 'appendonlydir', 'appendonly.aof.manifest'))).toBe(0o600);
  });

  it('starts a password-protected, CONFIG-less server for tests too (nothing on disk)', async () => {
    const server = await start();
    const owner = connect(server.url);
    expect(await owner.ping()).toBe('PONG');
    await expect(owner.call('CONFIG', 'GET', 'dir')).rejects.toThrow(/unknown command/i);
  });

  it('rewrites the append-only file once what is replayed at start has grown past a quarter of the snapshot', async () => {
    const dir = tempDir();
    // Redis's own rewrite (at twice the snapshot's size) is turned off to watch ours alone.
    const server = await start({ dataDir: dir, extraConfig: ['auto-aof-rewrite-percentage 0'] });
    const redis = connect(server.url);
    expect(await compactAppendOnlyFile(redis)).toBe(false); // nothing to compact yet
    // 80 MB of commands after an empty snapshot.
    const value = 'x'.repeat(1024);
    for (let from = 0; from < 80_000; from += 5000) {
      const batch = redis.pipeline();
      for (let i = from; i < from + 5000; i++) batch.set(`k${i}`, value);
      await batch.exec();
    }
    expect(await compactAppendOnlyFile(redis)).toBe(true);
    for (;;) {
      const info = await redis.info('persistence');
      if (/aof_rewrite_in_progress:0/.test(info) && /aof_rewrite_scheduled:0/.test(info)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const info = await redis.info('persistence');
    const field = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)?.[1]);
    expect(field('aof_current_size') - field('aof_base_size')).toBeLessThan(1024 ** 2);
    expect(await compactAppendOnlyFile(redis)).toBe(false);
  });
});
