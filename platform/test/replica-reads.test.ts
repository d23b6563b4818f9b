import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePosition } from '../src/event-store/port.js';
import { POSITIONS_CHANNEL, readModelKeys } from '../src/read-models/keys.js';
import { ProjectionWatcher } from '../src/read-models/positions.js';
import { type LocalRedis, startLocalRedis } from '../src/redis/local-server.js';
import { ReplicaNotWritableError, ReplicaReads } from '../src/redis/replica-reads.js';

// A real primary and a real replica of it (`replicaof`), as REDIS_REPLICA_URL names one.
let primaryServer: LocalRedis;
let replicaServer: LocalRedis;
const clients: Redis[] = [];
const connect = (url: string) => {
  const client = new Redis(url, { maxRetriesPerRequest: null });
  clients.push(client);
  return client;
};
let primary: Redis;
let replica: Redis;

async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const linkUp = async () => /master_link_status:up/.test(await replica.info('replication'));

/** Runs `body` while the replica has lost its primary (it follows a port nobody serves), then links it back. */
async function whileCutOff(body: () => Promise<void>): Promise<void> {
  await replica.replicaof('127.0.0.1', '1');
  try {
    await body();
  } finally {
    await replica.replicaof('127.0.0.1', String(primaryServer.port));
    await until(linkUp);
  }
}

beforeAll(async () => {
  primaryServer = await startLocalRedis({ password: 'replica-test' });
  replicaServer = await startLocalRedis({
    password: 'replica-test',
    extraConfig: [
      `replicaof 127.0.0.1 ${primaryServer.port}`,
      'masterauth replica-test',
      'replica-read-only no',
    ],
  });
  primary = connect(primaryServer.url);
  replica = connect(replicaServer.url);
  await until(linkUp);
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await replicaServer?.stop();
  await primaryServer?.stop();
});

/** A ReplicaReads over the primary and the replica at `replicaUrl`, checking its health as told. */
function openReads(replicaUrl: string, healthCheckMs?: number): ReplicaReads {
  return new ReplicaReads(
    connect(primaryServer.url),
    new ProjectionWatcher(connect(primaryServer.url), connect(primaryServer.url)),
    connect(replicaUrl),
    connect(replicaUrl),
    healthCheckMs,
  );
}

/** Reads through a ReplicaReads inside one request's scope, as the query router does. */
function inRequest<T>(reads: ReplicaReads, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    reads.scope({} as never, {} as never, () => {
      work().then(resolve, reject);
    });
  });
}

const at = (commit: number) => ({ commit: BigInt(commit), prepare: BigInt(commit) });

it('loads the primary without writing a snapshot file where the tests run', () => {
  // A replica with no data directory takes the primary's data from the socket; a dump.rdb in the
  // working directory would end up in a commit.
  expect(existsSync(join(process.cwd(), 'dump.rdb'))).toBe(false);
});

describe('reads from a replica', () => {
  it('reads from the replica, and waits there for a position that reaches it through replication', async () => {
    const reads = openReads(replicaServer.url);
    await reads.start();
    await primary.set('title', 'from the primary');
    await until(async () => (await replica.get('title')) !== null);
    await replica.set('title', 'only on the replica');
    expect(await reads.redis.get('title')).toBe('only on the replica');

    await primary.set(readModelKeys.active('libraries'), '1');
    const waiting = inRequest(reads, () => reads.watcher.waitFor(['libraries'], at(10), 2000));
    await primary.set(readModelKeys.checkpoint('libraries', 1), encodePosition(at(10)));
    await primary.publish(POSITIONS_CHANNEL, '{}');
    expect(await waiting).toBe(true);
    reads.stop();
    await reads.watcher.close();
  });

  it('moves a request to the primary when the replica has not got its position within the bound', async () => {
    // Checks health once a minute: the replica still looks healthy when it falls behind.
    const reads = openReads(replicaServer.url, 60_000);
    await reads.start();
    try {
      await whileCutOff(async () => {
        await primary.set(readModelKeys.checkpoint('libraries', 1), encodePosition(at(20)));
        await primary.set('title', 'written after the replica fell behind');
        const answer = await inRequest(reads, async () => {
          const passed = await reads.watcher.waitFor(['libraries'], at(20), 300);
          return { passed, title: await reads.redis.get('title') };
        });
        expect(answer).toEqual({ passed: true, title: 'written after the replica fell behind' });
        // Other requests keep reading the replica.
        expect(await inRequest(reads, () => reads.redis.get('title'))).not.toBe(answer.title);
        // A position the primary has not reached either is not waited for twice.
        expect(await inRequest(reads, () => reads.watcher.waitFor(['libraries'], at(30), 300))).toBe(false);
      });
    } finally {
      reads.stop();
      await reads.watcher.close();
    }
  });

  it('reads from the primary while the replica has lost its primary', async () => {
    const reads = openReads(replicaServer.url, 50);
    await reads.start();
    await whileCutOff(async () => {
      await primary.set('title', 'newest');
      await until(async () => (await reads.redis.get('title')) === 'newest');
      expect(await replica.get('title')).not.toBe('newest');
    });
    await until(async () => !(await reads.redis.info('replication')).includes('role:master'));
    reads.stop();
    await reads.watcher.close();
  });

  it('refuses a replica that does not take the query side’s short-lived keys', async () => {
    const readOnly = await startLocalRedis({
      password: 'replica-test',
      extraConfig: [`replicaof 127.0.0.1 ${primaryServer.port}`, 'masterauth replica-test'],
    });
    try {
      const reads = openReads(readOnly.url);
      await expect(reads.start()).rejects.toBeInstanceOf(ReplicaNotWritableError);
    } finally {
      await readOnly.stop();
    }
  });
});
