import {
  createLogger,
  type EventStore,
  encodePosition,
  noticeChanges,
  POSITIONS_CHANNEL,
  type PositionNotice,
  ProjectionWatcher,
  readModelKeys,
  readProjectionStatus,
  START,
} from '@cinefold/platform';
import { newEvent, useRedisServer, useSqliteStore } from '@cinefold/platform/testing';
import { LiveProjectionRunner, rebuildProjection } from '@cinefold/projectors';
import { EVENT_COUNTS, eventCountsProjector, GenerationWriter, type Projector } from '@cinefold/read-models';
import type { Redis } from 'ioredis';
import { beforeEach, describe, expect, it } from 'vitest';

const redisServer = useRedisServer();
const logger = createLogger('test');
const name = EVENT_COUNTS.projector;

const sqlite = useSqliteStore('projectors', { pollIntervalMs: 5 });
let store: EventStore;
let redis: Redis;

beforeEach(async () => {
  store = sqlite.store;
  redis = redisServer.client();
  await redis.flushall();
});

async function appendMany(
  count: number,
  types = ['TitleImported', 'PageViewed', 'TitleHidden'],
): Promise<void> {
  const batch = Array.from({ length: count }, (_, i) => newEvent(types[i % types.length]!, { i }));
  for (let i = 0; i < batch.length; i += 500) {
    await store.append(`s-${i}`, batch.slice(i, i + 500), { expectedRevision: 'any' });
  }
}

async function countsOf(generation: number): Promise<Record<string, string>> {
  return redis.hgetall(readModelKeys.key(name, generation, EVENT_COUNTS.byType));
}

async function activeCounts(): Promise<Record<string, string>> {
  const status = await readProjectionStatus(redis, name);
  return countsOf(status.generation!);
}

async function until(predicate: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a generation writer', () => {
  it('tells the site which event types each batch applied, so readers keep what a batch cannot have changed', async () => {
    await appendMany(6);
    const subscriber = redis.duplicate();
    const notices: PositionNotice[] = [];
    subscriber.on('message', (_channel: string, text: string) =>
      notices.push(JSON.parse(text) as PositionNotice),
    );
    await subscriber.subscribe(POSITIONS_CHANNEL);
    try {
      const writer = new GenerationWriter(eventCountsProjector, {
        redis,
        generation: 1,
        requireActive: false,
      });
      await writer.apply(await store.readAll({ from: START }));
      await until(async () => notices.length === 1);
      expect([...notices[0]!.types!].sort()).toEqual(['PageViewed', 'TitleHidden', 'TitleImported']);
      expect(noticeChanges(notices[0]!, new Set(['PageViewed']))).toBe(true);
      expect(noticeChanges({ ...notices[0]!, types: ['PageViewed'] }, new Set(['PageViewed']))).toBe(false);
      expect(noticeChanges({ ...notices[0]!, types: [] })).toBe(false);
      // A notice from code that does not say: anything may have changed.
      expect(noticeChanges({ projector: name, generation: 1, position: '6' })).toBe(true);
    } finally {
      subscriber.disconnect();
    }
  });

  it('applies a batch and its checkpoint together', async () => {
    await appendMany(6);
    const writer = new GenerationWriter(eventCountsProjector, { redis, generation: 1, requireActive: false });
    const batch = await store.readAll({ from: START });
    const checkpoint = await writer.apply(batch);
    expect(encodePosition(checkpoint)).toBe('6');
    expect(await countsOf(1)).toEqual({ TitleImported: '2', PageViewed: '2', TitleHidden: '2' });
    expect(await redis.get(readModelKeys.checkpoint(name, 1))).toBe('6');
  });

  it('ignores events it has already applied when they are delivered again', async () => {
    await appendMany(6);
    const writer = new GenerationWriter(eventCountsProjector, { redis, generation: 1, requireActive: false });
    const all = await store.readAll({ from: START });
    await writer.apply(all.slice(0, 4));
    await writer.apply(all);
    await writer.apply(all);
    expect(await countsOf(1)).toEqual({ TitleImported: '2', PageViewed: '2', TitleHidden: '2' });
  });

  it('is applied once even when two writers race on the same generation', async () => {
    await appendMany(3000);
    const all = await store.readAll({ from: START, maxCount: 3000 });
    const one = new GenerationWriter(eventCountsProjector, { redis, generation: 1, requireActive: false });
    const other = new GenerationWriter(eventCountsProjector, {
      redis: redisServer.client(),
      generation: 1,
      requireActive: false,
    });
    const feed = async (writer: GenerationWriter) => {
      for (let i = 0; i < all.length; i += 250) await writer.apply(all.slice(i, i + 250));
    };
    await Promise.all([feed(one), feed(other)]);
    expect(await countsOf(1)).toEqual({ TitleImported: '1000', PageViewed: '1000', TitleHidden: '1000' });
  });
});

describe('a generation writer overlapping commits', () => {
  const prepared = new WeakSet<object>();
  /** Reads a running total before each batch and writes total + batch size: wrong if a read misses the last commit. */
  const summing: Projector = {
    name: 'summing',
    handles: 'all',
    prepare(events) {
      for (const e of events) prepared.add(e);
    },
    async apply({ events, tx, key, redis: reader }) {
      const total = Number((await reader.get(key('total'))) ?? 0);
      tx.set(key('total'), String(total + events.length));
      tx.incrby(key('prepared'), events.filter((e) => prepared.has(e)).length);
    },
  };

  it('lets each batch read what the batch before it wrote, and prepares every batch', async () => {
    await appendMany(3000);
    const all = await store.readAll({ from: START, maxCount: 3000 });
    const writer = new GenerationWriter(summing, { redis, generation: 1, requireActive: false });
    const failures: unknown[] = [];
    for (let i = 0; i < all.length; i += 100)
      await writer.applyOverlapped(all.slice(i, i + 100), (e) => failures.push(e));
    await writer.settle();
    expect(failures).toEqual([]);
    const key = (part: string) => readModelKeys.key('summing', 1, part);
    expect(await redis.mget(key('total'), key('prepared'))).toEqual(['3000', '3000']);
    expect(await redis.get(readModelKeys.checkpoint('summing', 1))).toBe('3000');
  });

  it('prepares the next batch while this one is applied, and applies none after one that failed', async () => {
    await appendMany(400);
    const all = await store.readAll({ from: START, maxCount: 400 });
    const seen: string[] = [];
    const batchOf = (events: readonly { position: { commit: bigint } }[]) =>
      all.findIndex((e) => e.position.commit === events[0]!.position.commit) / 100;
    const ordered: Projector = {
      name: 'ordered',
      handles: 'all',
      prepare(events) {
        seen.push(`prepare ${batchOf(events)}`);
      },
      async apply({ events, tx, key }) {
        seen.push(`apply ${batchOf(events)}`);
        if (batchOf(events) === 2) throw new Error('batch 2 cannot be applied');
        tx.incrby(key('total'), events.length);
      },
    };
    const writer = new GenerationWriter(ordered, { redis, generation: 1, requireActive: false });
    const failures: unknown[] = [];
    const give = (i: number) =>
      writer.applyOverlapped(all.slice(i * 100, i * 100 + 100), (e) => failures.push(e));
    await give(0);
    await give(1);
    await give(2);
    // Batch 1 was prepared before batch 0 was applied, and so on; batch 3 waits on batch 2, which fails.
    await expect(give(3)).rejects.toThrow(/batch 2 cannot/);
    await writer.settle();
    expect(seen).toEqual([
      'prepare 0',
      'prepare 1',
      'apply 0',
      'prepare 2',
      'apply 1',
      'prepare 3',
      'apply 2',
    ]);
    expect(failures).toHaveLength(1);
    expect(await redis.get(readModelKeys.key('ordered', 1, 'total'))).toBe('200');
    expect(await redis.get(readModelKeys.checkpoint('ordered', 1))).toBe(encodePosition(all[199]!.position));
    await expect(give(3)).rejects.toThrow(/a batch failed/);
  });

  it('reports a commit that failed at once, and again to whoever waits for it', async () => {
    await appendMany(10);
    const all = await store.readAll({ from: START });
    const key = readModelKeys.key('summing', 1, 'total');
    await redis.set(key, 'not a number');
    const failing: Projector = {
      ...summing,
      apply({ tx }) {
        tx.incr(key); // fails inside EXEC, after the batch was handed over
      },
    };
    const writer = new GenerationWriter(failing, { redis, generation: 1, requireActive: false });
    const failures: unknown[] = [];
    await writer.applyOverlapped(all, (e) => failures.push(e));
    await expect(writer.settle()).rejects.toThrow(/not an integer/);
    expect(failures).toHaveLength(1);
    await expect(writer.settle()).resolves.toBeUndefined(); // reported once
  });

  it('applies again a batch whose commit lost a race to another writer', async () => {
    await appendMany(200);
    const all = await store.readAll({ from: START, maxCount: 200 });
    const interloper = redisServer.client();
    let raced = false;
    const racing: Projector = {
      ...summing,
      async apply(batch) {
        await summing.apply(batch);
        if (raced || batch.events[0]!.position === all[0]!.position) return;
        raced = true; // another writer touches the checkpoint between this batch's reads and its EXEC
        await interloper.set(readModelKeys.checkpoint('summing', 1), encodePosition(all[99]!.position));
      },
    };
    const writer = new GenerationWriter(racing, { redis, generation: 1, requireActive: false });
    await writer.applyOverlapped(all.slice(0, 100), () => {});
    await writer.applyOverlapped(all.slice(100), () => {});
    await writer.settle();
    expect(raced).toBe(true);
    expect(await redis.get(readModelKeys.key('summing', 1, 'total'))).toBe('200');
    expect(await redis.get(readModelKeys.checkpoint('summing', 1))).toBe('200');
  });
});

describe('the live projection runner', () => {
  it('catches up on past events, then follows new ones', async () => {
    await appendMany(1200);
    const runner = new LiveProjectionRunner(eventCountsProjector, { store, redis, logger });
    runner.start();
    try {
      await until(async () => (await activeCounts()).TitleImported === '400');
      await store.append('late', [newEvent('TitleHidden')], { expectedRevision: 'any' });
      await until(async () => (await activeCounts()).TitleHidden === '401');
      expect(await readProjectionStatus(redis, name)).toMatchObject({ generation: 1 });
    } finally {
      await runner.stop();
    }
  });

  it('moves the checkpoint of a projector past events it does not handle, to the head', async () => {
    const hiddenOnly: Projector = {
      name: 'hidden-only',
      handles: ['TitleHidden'],
      apply({ events, tx, key }) {
        tx.incrby(key('hidden'), events.length);
      },
    };
    await appendMany(1000); // TitleImported, PageViewed, TitleHidden, ...
    await store.append('tail', [newEvent('PageViewed'), newEvent('PageViewed')], { expectedRevision: 'any' });
    const head = encodePosition(await store.headPosition());
    const runner = new LiveProjectionRunner(hiddenOnly, { store, redis, logger, batchSize: 100 });
    runner.start();
    try {
      await until(async () => (await redis.get(readModelKeys.checkpoint('hidden-only', 1))) === head);
      expect(await redis.get(readModelKeys.key('hidden-only', 1, 'hidden'))).toBe('333');
    } finally {
      await runner.stop();
    }
  });

  /**
   * Starts a runner, lets it project 600 events, and then puts its read model and checkpoint back
   * to where they were after the first 300: as a Redis restarted without its last second of
   * writes (`appendfsync everysec`) would have them.
   */
  async function runnerAheadOfRedis(): Promise<LiveProjectionRunner> {
    const runner = new LiveProjectionRunner(eventCountsProjector, { store, redis, logger });
    runner.start();
    await appendMany(300);
    await until(async () => (await activeCounts()).TitleImported === '100');
    const countsKey = readModelKeys.key(name, 1, EVENT_COUNTS.byType);
    const checkpointKey = readModelKeys.checkpoint(name, 1);
    const [counts, checkpoint] = await Promise.all([redis.dumpBuffer(countsKey), redis.get(checkpointKey)]);
    await appendMany(300);
    await until(async () => (await activeCounts()).TitleImported === '200');
    await redis.restore(countsKey, 0, counts!, 'REPLACE');
    await redis.set(checkpointKey, checkpoint!);
    return runner;
  }

  it('feeds its read model again from the checkpoint Redis went back to, at its next batch', async () => {
    const runner = await runnerAheadOfRedis();
    try {
      await store.append('late', [newEvent('TitleHidden')], { expectedRevision: 'any' });
      await until(async () => (await activeCounts()).TitleHidden === '201');
      expect(await activeCounts()).toMatchObject({ TitleImported: '200', PageViewed: '200' });
    } finally {
      await runner.stop();
    }
  });

  it('reads its checkpoint again when Redis comes back, so an idle read model catches up too', async () => {
    const runner = await runnerAheadOfRedis();
    try {
      // Nothing new is written: the runner learns of it only by its connection coming back.
      redis.disconnect(true);
      await until(async () => (await activeCounts()).TitleImported === '200');
      expect(await activeCounts()).toMatchObject({ PageViewed: '200', TitleHidden: '200' });
      expect(await redis.get(readModelKeys.checkpoint(name, 1))).toBe(
        encodePosition(await store.headPosition()),
      );
    } finally {
      await runner.stop();
    }
  });

  it('lets a reader wait until its own write is projected', async () => {
    const runner = new LiveProjectionRunner(eventCountsProjector, { store, redis, logger });
    runner.start();
    const watcher = new ProjectionWatcher(redisServer.client(), redisServer.client());
    try {
      const written = await store.append('member-1', [newEvent('SomethingLiked')], {
        expectedRevision: 'any',
      });
      expect(await watcher.waitFor([name], written.position, 1000)).toBe(true);
      // No sleep between the write and the read: the wait is what makes it visible.
      expect((await activeCounts()).SomethingLiked).toBe('1');
    } finally {
      await runner.stop();
      await watcher.close();
    }
  });

  it('tells a reader when the read model did not catch up in time', async () => {
    const watcher = new ProjectionWatcher(redisServer.client(), redisServer.client());
    const written = await store.append('member-1', [newEvent('SomethingLiked')], { expectedRevision: 'any' });
    const started = Date.now();
    expect(await watcher.waitFor([name], written.position, 150)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await watcher.close();
  });
});

describe('a rebuild', () => {
  it('builds the next generation beside the serving one, switches, and deletes the old one', async () => {
    await appendMany(3000);
    const runner = new LiveProjectionRunner(eventCountsProjector, { store, redis, logger });
    runner.start();
    await until(async () => (await readProjectionStatus(redis, name)).checkpoint?.commit === 3000n);

    // Writes keep arriving while the rebuild runs.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await store.append('during-rebuild', [newEvent('PageViewed')], { expectedRevision: 'any' });
        written++;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    const served: { generation: number; total: number }[] = [];
    const progress: number[] = [];
    const result = await rebuildProjection(eventCountsProjector, {
      store,
      redis: redisServer.client(),
      batchSize: 200,
      progressIntervalMs: 0,
      onProgress: async (p) => {
        progress.push(p.fraction);
        const counts = Object.values(await activeCounts()).map(Number);
        served.push({
          generation: (await readProjectionStatus(redis, name)).generation!,
          total: counts.reduce((a, b) => a + b, 0),
        });
      },
    });
    writing = false;
    await writer;

    expect(result).toMatchObject({ generation: 2, previousGeneration: 1 });
    // While generation 2 was being built, readers got complete answers from generation 1.
    expect(served[0]?.generation).toBe(1);
    expect(served.every((s) => s.total >= 3000)).toBe(true);
    expect(progress.at(-1)).toBe(1);
    // The live runner follows the new generation, including writes that raced the switch.
    await store.append('after', [newEvent('TitleHidden')], { expectedRevision: 'any' });
    await until(async () => Number((await activeCounts()).TitleHidden) === 1001);
    await until(async () => Number((await activeCounts()).PageViewed) === 1000 + written);
    expect((await readProjectionStatus(redis, name)).generation).toBe(2);
    expect(await redis.keys(`${readModelKeys.generationPrefix(name, 1)}*`)).toEqual([]);
    await runner.stop();
  });

  it("rebuilds in the projector's own batches, each prepared before it is applied, as the live runner does", async () => {
    await appendMany(2000);
    const prepared = new Set<unknown>();
    const applied: { size: number; prepared: number }[] = [];
    const batched: Projector = {
      name: 'batched',
      handles: 'all',
      batchSize: 700,
      prepare(events) {
        for (const e of events) prepared.add(e);
      },
      async apply({ events, tx, key }) {
        applied.push({ size: events.length, prepared: events.filter((e) => prepared.has(e)).length });
        tx.incrby(key('total'), events.length);
      },
    };
    const result = await rebuildProjection(batched, { store, redis });
    expect(result.processed).toBe(2000);
    expect(applied).toEqual([700, 700, 600].map((size) => ({ size, prepared: size })));
    expect(await redis.get(readModelKeys.key('batched', result.generation, 'total'))).toBe('2000');
  });

  it('resumes an interrupted rebuild from where it stopped', async () => {
    await appendMany(2000);
    const controller = new AbortController();
    let allocated = 0;
    const interrupted = rebuildProjection(eventCountsProjector, {
      store,
      redis,
      batchSize: 100,
      progressIntervalMs: 0,
      signal: controller.signal,
      onGenerationAllocated: (g) => {
        allocated = g;
      },
      onProgress: (p) => {
        if (p.processed >= 500) controller.abort();
      },
    });
    await expect(interrupted).rejects.toThrow();
    expect(await redis.get(readModelKeys.active(name))).toBeNull();

    const resumed = await rebuildProjection(eventCountsProjector, { store, redis, generation: allocated });
    expect(resumed.processed).toBeLessThan(2000);
    expect(await activeCounts()).toEqual({ TitleImported: '667', PageViewed: '667', TitleHidden: '666' });
  });
});

describe('a generation built from the log', () => {
  /**
   * Counts the events it is given and notes, at each batch, whether it was applied as a build, and
   * at each `completeBuild`, how many events the generation had counted by then.
   */
  function recording(log: string[]): Projector {
    return {
      name: 'recording',
      handles: 'all',
      batchSize: 10,
      async apply({ events, tx, key, building }) {
        log.push(`${events.length}${building ? ' building' : ''}`);
        tx.incrby(key('total'), events.length);
      },
      async completeBuild(redis, key) {
        log.push(`complete at ${(await redis.get(key('total'))) ?? 0}`);
      },
    };
  }

  /** Runs `work` while a live runner feeds `projector`, and stops the runner however `work` ends. */
  async function whileRunning(projector: Projector, work: () => Promise<void>): Promise<void> {
    const runner = new LiveProjectionRunner(projector, { store, redis, logger });
    runner.start();
    try {
      await work();
    } finally {
      await runner.stop();
    }
  }

  /** Waits until the recording projector's checkpoint is `commit`. */
  const caughtUpTo = (commit: bigint) =>
    until(async () => (await readProjectionStatus(redis, 'recording')).checkpoint?.commit === commit);

  it('is built by a rebuild, completed once before the event that makes it serve, then served', async () => {
    await appendMany(35);
    const log: string[] = [];
    const projector = recording(log);
    const { generation } = await rebuildProjection(projector, { store, redis });
    // The last batch's events before the head are built as the others were; the head's is served.
    expect(log).toEqual(['10 building', '10 building', '10 building', '4 building', 'complete at 34', '1']);
    await whileRunning(projector, async () => {
      await appendMany(3);
      await until(
        async () => (await redis.get(readModelKeys.key('recording', generation, 'total'))) === '38',
      );
      expect(
        log.slice(6).every((entry) => !entry.includes('building') && !entry.startsWith('complete')),
      ).toBe(true);
    });
  });

  it('is completed before the head when the batch it is given last ends before the head', async () => {
    await appendMany(24, ['TitleImported', 'PageViewed']);
    const log: string[] = [];
    // Handles imports only: the head (a page view) is read past, not given to it.
    const projector = { ...recording(log), handles: ['TitleImported' as const] };
    await whileRunning(projector, async () => {
      await caughtUpTo(24n);
      expect(log).toEqual(['10 building', '2 building', 'complete at 12']);
    });
  });

  it('is built by the live runner on an empty Redis up to the head it found, then follows new events', async () => {
    await appendMany(25);
    const log: string[] = [];
    await whileRunning(recording(log), async () => {
      await caughtUpTo(25n);
      expect(log).toEqual(['10 building', '10 building', '4 building', 'complete at 24', '1']);
      await appendMany(2);
      await until(async () => log.length > 5);
      expect(
        log.slice(5).every((entry) => !entry.includes('building') && !entry.startsWith('complete')),
      ).toBe(true);
    });
  });

  it("is built in the projector's build batches by the live runner at a start, then fed in its own; a rebuild keeps its own", async () => {
    await appendMany(45);
    const log: string[] = [];
    const projector = { ...recording(log), buildBatchSize: 20 };
    await whileRunning(projector, async () => {
      await caughtUpTo(45n);
      expect(log).toEqual(['20 building', '20 building', '4 building', 'complete at 44', '1']);
      await appendMany(25);
      await caughtUpTo(70n);
      const served = log.slice(5).map(Number);
      expect(served.reduce((a, b) => a + b, 0)).toBe(25);
      expect(Math.max(...served)).toBe(10);
    });

    log.length = 0;
    await rebuildProjection(projector, { store, redis });
    expect(log).toEqual([...Array(6).fill('10 building'), '9 building', 'complete at 69', '1']);
  });
});
