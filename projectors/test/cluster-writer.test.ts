import { join } from 'node:path';
import {
  connectRedis,
  type EventStore,
  openSqliteEventStore,
  readModelKeys,
  readProjectionStatus,
  slotOf,
} from '@cinefold/platform';
import {
  clusterUnsupported,
  type LocalRedisCluster,
  makeTempDir,
  newEvent,
  startLocalCluster,
} from '@cinefold/platform/testing';
import { rebuildProjection } from '@cinefold/projectors';
import { EVENT_COUNTS, eventCountsProjector, GenerationWriter, SlotMovedError } from '@cinefold/read-models';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The projection writer on a 3-master Redis Cluster: it writes to the master that owns its
// projector's slot, and when a resharding moves that slot it fails the batch clearly (nothing
// written) and the next attempt writes to the new owner.
const unsupported = clusterUnsupported();
if (unsupported) process.stdout.write(`cluster-writer.test: skipped, ${unsupported}\n`);

const name = EVENT_COUNTS.projector;

describe.skipIf(unsupported !== null)('a projection writer on a Redis Cluster', () => {
  let cluster: LocalRedisCluster;
  let dir: ReturnType<typeof makeTempDir>;
  let store: EventStore;
  let redis: Redis;
  const masters: Redis[] = [];

  beforeAll(async () => {
    cluster = await startLocalCluster();
    for (const master of cluster.masters) masters.push(new Redis(master.url, { maxRetriesPerRequest: 0 }));
    dir = makeTempDir('cluster-writer');
    store = openSqliteEventStore(join(dir.path, 'events.sqlite'), { pollIntervalMs: 5 });
    redis = connectRedis(cluster.url, { name: `projector:${name}`, blocking: true });
  }, 60_000);
  afterAll(async () => {
    redis?.disconnect();
    for (const master of masters) master.disconnect();
    await store?.close();
    dir?.remove();
    await cluster?.stop();
  });

  const append = (type: string, count: number) =>
    store.append(
      `s-${type}-${Date.now()}`,
      Array.from({ length: count }, (_, i) => newEvent(type, { i })),
      { expectedRevision: 'any' },
    );

  /** The master that holds the projector's keys now. */
  async function owner(): Promise<number> {
    const counts = await Promise.all(masters.map(async (m) => (await m.keys(`{${name}}:*`)).length));
    expect(counts.filter((n) => n > 0)).toHaveLength(1);
    return counts.findIndex((n) => n > 0);
  }

  /** Moves the projector's hash slot, keys and all, from one master to another, as a resharding does. */
  async function moveSlot(from: number, to: number): Promise<void> {
    const slot = slotOf(readModelKeys.active(name));
    const [source, target] = [masters[from]!, masters[to]!];
    const sourceId = (await source.call('CLUSTER', 'MYID')) as string;
    const targetId = (await target.call('CLUSTER', 'MYID')) as string;
    await target.call('CLUSTER', 'SETSLOT', slot, 'IMPORTING', sourceId);
    await source.call('CLUSTER', 'SETSLOT', slot, 'MIGRATING', targetId);
    const password = decodeURIComponent(new URL(cluster.passwordUrl).password);
    for (;;) {
      const keys = (await source.call('CLUSTER', 'GETKEYSINSLOT', slot, 1000)) as string[];
      if (keys.length === 0) break;
      await source.call(
        'MIGRATE',
        '127.0.0.1',
        cluster.masters[to]!.port,
        '',
        0,
        5000,
        'AUTH',
        password,
        'KEYS',
        ...keys,
      );
    }
    for (const master of masters) await master.call('CLUSTER', 'SETSLOT', slot, 'NODE', targetId);
  }

  it('builds the read model on the master that owns its slot, then follows the slot when it moves', async () => {
    await append('TitleImported', 30);
    const built = await rebuildProjection(eventCountsProjector, { store, redis });
    const generation = built.generation;
    expect((await readProjectionStatus(redis, name)).generation).toBe(generation);
    const before = await owner();

    const writer = new GenerationWriter(eventCountsProjector, { redis, generation, requireActive: true });
    await append('PageViewed', 5);
    await writer.apply(await store.readAll({ from: await writer.checkpoint(), maxCount: 1000 }));

    const after = (before + 1) % masters.length;
    await moveSlot(before, after);
    expect(await owner()).toBe(after);

    await append('PageViewed', 7);
    const batch = await store.readAll({ from: await writer.checkpoint(), maxCount: 1000 });
    // The writer's connection still goes to the old owner: MOVED, nothing written, a clear error.
    const failed = await writer.apply(batch).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(SlotMovedError);
    expect((failed as Error).message).toMatch(
      /hash slot moved to another node.*nothing of the batch was written/,
    );
    // Tried again (as the live runner does), it writes to the new owner.
    await writer.apply(batch);
    const counts = await redis.hgetall(readModelKeys.key(name, generation, EVENT_COUNTS.byType));
    expect(counts).toMatchObject({ TitleImported: '30', PageViewed: '12' });
    expect(await owner()).toBe(after);
  }, 60_000);
});
