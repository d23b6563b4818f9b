import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePosition, type Position } from '../src/event-store/port.js';
import { POSITIONS_CHANNEL, type PositionNotice, readModelKeys } from '../src/read-models/keys.js';
import { ProjectionWatcher } from '../src/read-models/positions.js';
import { type LocalRedis, startLocalRedis } from '../src/redis/local-server.js';

// A real Redis: the watcher learns positions from the notices projectors publish on it.
let server: LocalRedis;
const clients: Redis[] = [];
const connect = () => {
  const client = new Redis(server.url, { maxRetriesPerRequest: null });
  clients.push(client);
  return client;
};
const at = (commit: number): Position => ({ commit: BigInt(commit), prepare: BigInt(commit) });

beforeAll(async () => {
  server = await startLocalRedis();
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await server.stop();
});

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('what the projection watcher knows a read model has reached', () => {
  it("takes a position as reached from the active generation's notices only", async () => {
    const redis = connect();
    const watcher = new ProjectionWatcher(redis, connect());
    await watcher.onNotice(() => undefined);
    const publish = (notice: PositionNotice) => redis.publish(POSITIONS_CHANNEL, JSON.stringify(notice));
    expect(watcher.reachedBy('favorites')).toBeNull();

    // A rebuild's batch (not the active generation) says nothing of what readers see.
    await publish({ projector: 'favorites', generation: 2, position: encodePosition(at(9)), types: [] });
    await publish({
      projector: 'favorites',
      generation: 1,
      position: encodePosition(at(4)),
      types: [],
      active: true,
    });
    await until(() => watcher.reachedBy('favorites') !== null);
    expect(watcher.reachedBy('favorites')).toEqual(at(4));
    expect(watcher.hasReached(['favorites'], at(4))).toBe(true);
    expect(watcher.hasReached(['favorites'], at(5))).toBe(false);
    expect(watcher.hasReached(['favorites', 'catalogue'], at(1))).toBe(false);

    // A late notice of an earlier batch does not move it back.
    await publish({
      projector: 'favorites',
      generation: 1,
      position: encodePosition(at(3)),
      types: [],
      active: true,
    });
    await publish({ projector: 'other', generation: 1, position: encodePosition(at(1)), active: true });
    await until(() => watcher.reachedBy('other') !== null);
    expect(watcher.reachedBy('favorites')).toEqual(at(4));
    await watcher.close();
  });

  it('answers a wait for a position already reached without asking Redis, and learns from what it reads', async () => {
    const redis = connect();
    const watcher = new ProjectionWatcher(redis, connect());
    await redis.set(readModelKeys.active('library'), '3');
    await redis.set(readModelKeys.checkpoint('library', 3), encodePosition(at(12)));
    // Nothing noticed yet: the wait reads the checkpoint, and remembers it.
    expect(await watcher.waitFor(['library'], at(10), 1_000)).toBe(true);
    expect(watcher.reachedBy('library')).toEqual(at(12));

    // With the read model gone, a wait for what was reached still answers at once; a later
    // position is waited for, and not reached.
    await redis.del(readModelKeys.active('library'));
    expect(await watcher.waitFor(['library'], at(11), 50)).toBe(true);
    expect(await watcher.waitFor(['library'], at(13), 50)).toBe(false);
    await watcher.close();
  });

  it('ends a wait at the notice that came while it read the checkpoints', async () => {
    const reads = connect();
    const watcher = new ProjectionWatcher(reads, connect());
    await watcher.onNotice(() => undefined);
    await reads.set(readModelKeys.active('shelf'), '1');
    await reads.set(readModelKeys.checkpoint('shelf', 1), encodePosition(at(5)));
    // The watcher's reads wait on its connection behind a BLPOP of 300 ms: the batch that reaches
    // 6 is committed and its notice arrives meanwhile, after the checkpoint they return was read.
    const holding = reads.blpop('nothing-comes', 0.3);
    const started = Date.now();
    const waiting = watcher.waitFor(['shelf'], at(6), 10_000);
    await connect().publish(
      POSITIONS_CHANNEL,
      JSON.stringify({ projector: 'shelf', generation: 1, position: encodePosition(at(6)), active: true }),
    );
    expect(await waiting).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000); // not at the timeout
    await holding;
    await watcher.close();
  });
});
