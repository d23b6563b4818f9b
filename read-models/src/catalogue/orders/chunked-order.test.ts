import { useRedisServer } from '@cinefold/platform/testing';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_SORTS, type CatalogueSortKey } from '../keys.js';
import { RecordedTransaction } from '../../runtime/transaction.js';
import {
  CAPACITY,
  directoryEntry,
  orderBetween,
  orderCount,
  orderRange,
  orderScript,
  readDirectoryEntry,
  readWholeOrder,
} from './chunked-order.js';
import { OrderWriter, writeScoresNow } from './order-writer.js';
import { orderKey, readScores, ScoreUpdates } from './title-orders.js';

const redisServer = useRedisServer();

/** A deterministic sequence in [0, 1): the fractional parts of multiples of the golden ratio's inverse. */
function sequence(seed: number): () => number {
  let n = seed;
  return () => {
    n += 1;
    return (n * 0.6180339887498949) % 1;
  };
}

/** The order a sorted set keeps: by score, then by member byte by byte. */
const inOrder = (a: [string, number], b: [string, number]) =>
  a[1] - b[1] || Buffer.compare(Buffer.from(a[0]), Buffer.from(b[0]));

/**
 * Applies updates as a batch does, in a MULTI. Two writers take turns, as two processes might
 * (every third batch goes to the second, so each finds the other's writes and reads the chunks
 * again); and every fourth batch of the first is queued once and thrown away before it is queued
 * again, as when a batch's transaction fails, so its copy of the chunks is ahead of Redis.
 */
const writers = [new OrderWriter(), new OrderWriter()];
let batches = 0;
async function apply(redis: Redis, prefix: string, fill: (updates: ScoreUpdates) => void) {
  const updates = new ScoreUpdates();
  fill(updates);
  const turn = batches++;
  const writer = writers[turn % 3 === 2 ? 1 : 0]!;
  if (turn % 4 === 0) await writer.write(redis, new RecordedTransaction().tx, [{ prefix, updates }]);
  await writeScoresNow(redis, prefix, updates, writer);
}

/**
 * Every chunk is a listpack of 1 to CAPACITY - 1 members, named after its first member, which the
 * directory holds with its score; only the last may hold under a quarter of CAPACITY.
 */
async function expectWellFormed(redis: Redis, order: string) {
  const heads = await redis.zrangeBuffer(order, 0, -1);
  const sizes: number[] = [];
  for (const head of heads) {
    const member = head.subarray(9).toString();
    const magnitude = head.readBigUInt64BE(1);
    const score = Number(head[0] === 0 ? magnitude - 2n ** 53n : magnitude);
    const chunk = `${order}:c:${member}`;
    const size = await redis.zcard(chunk);
    expect(size).toBeGreaterThan(0);
    expect(size).toBeLessThan(CAPACITY);
    expect(await redis.object('ENCODING', chunk)).toBe('listpack');
    expect(await redis.zrange(chunk, 0, 0, 'WITHSCORES')).toEqual([member, String(score)]);
    sizes.push(size);
  }
  for (const size of sizes.slice(0, -1)) expect(size).toBeGreaterThanOrEqual(CAPACITY / 4);
  expect(await orderCount(redis, order)).toBe(sizes.reduce((a, b) => a + b, 0));
}

describe('an order kept in chunks', () => {
  it('holds what a sorted set would, in its order, through adds, moves and removals with many ties', async () => {
    const redis = redisServer.client();
    const prefix = '{catalogue}:g1:movie:e0:';
    const order = `${prefix}${orderKey('views')}`;
    const next = sequence(7);
    /** The reference: id → score in the views order. */
    const reference = new Map<string, number>();
    for (let round = 0; round < 12; round++) {
      const touched = new Set<number>();
      await apply(redis, prefix, (updates) => {
        for (let i = 0; i < 700; i++) {
          // Ids from 1 to 3,000 (as text they order 1, 10, 100, 1000, 1001…); a score among
          // twenty values, so most of the order is ties. A tenth leave the order, then (chunks
          // emptying, merging) more than half.
          const id = 1 + Math.floor(next() * 3000);
          if (touched.has(id)) continue; // a batch sets a title once
          touched.add(id);
          const score = next() < (round < 6 ? 0.1 : 0.6) ? null : Math.floor(next() * 20) - 4;
          updates.set(id, 'views', score);
          if (score === null) reference.delete(String(id));
          else reference.set(String(id), score);
        }
      });
      const expected = [...reference].sort(inOrder);
      const whole = await readWholeOrder(redis, order);
      expect(whole.length).toBe(expected.length * 2);
      expect(whole.filter((_, i) => i % 2 === 0)).toEqual(expected.map(([id]) => id));
      expect(whole.filter((_, i) => i % 2 === 1).map(Number)).toEqual(expected.map(([, s]) => s));
      for (const first of [0, 1, 63, 64, 127, 128, 500, expected.length - 5, expected.length + 3]) {
        const ids = expected.map(([id]) => id);
        expect(await orderRange(redis, order, first, first + 19)).toEqual(ids.slice(first, first + 20));
        const reversed = [...ids].reverse();
        expect(await orderRange(redis, order, first, first + 19, { descending: true })).toEqual(
          reversed.slice(first, first + 20),
        );
      }
      expect(await orderBetween(redis, order, 2, 9)).toEqual(
        expected.filter(([, s]) => s >= 2 && s <= 9).map(([id]) => id),
      );
      await expectWellFormed(redis, order);
    }
    expect(reference.size).toBeGreaterThan(CAPACITY * 4); // enough to have split many times

    // Nine titles in ten leave: the chunks they emptied are merged.
    const chunksBefore = await redis.zcard(order);
    const leaving = [...reference.keys()].filter((_, i) => i % 10 !== 0);
    await apply(redis, prefix, (updates) => {
      for (const id of leaving) updates.set(Number(id), 'views', null);
    });
    for (const id of leaving) reference.delete(id);
    const left = await readWholeOrder(redis, order);
    expect(left.filter((_, i) => i % 2 === 0)).toEqual([...reference].sort(inOrder).map(([id]) => id));
    await expectWellFormed(redis, order);
    expect(await redis.zcard(order)).toBeLessThan(chunksBefore / 3);
  });

  it('merges chunks that keep their head and lose the rest', async () => {
    const redis = redisServer.client();
    const prefix = '{catalogue}:g3:movie:e0:';
    const order = `${prefix}${orderKey('popularity')}`;
    const score = (id: number) => (id * 7919) % 5000;
    await apply(redis, prefix, (updates) => {
      for (let id = 1; id <= 3000; id++) updates.set(id, 'popularity', score(id));
    });
    const heads = new Set(
      (await redis.zrangeBuffer(order, 0, -1)).map((entry) => readDirectoryEntry(entry).id),
    );
    expect(heads.size).toBeGreaterThan(20);
    await apply(redis, prefix, (updates) => {
      for (let id = 1; id <= 3000; id++) if (!heads.has(String(id))) updates.set(id, 'popularity', null);
    });
    const kept = [...heads].map((id) => [id, score(Number(id)) * 1e6] as [string, number]).sort(inOrder);
    expect(await readWholeOrder(redis, order)).toEqual(kept.flatMap(([id, s]) => [id, String(s)]));
    await expectWellFormed(redis, order);
    expect(await redis.zcard(order)).toBe(1);
  });

  it('files chunks under entries that sort by score, then member byte by byte, as Redis orders members', async () => {
    const redis = redisServer.client();
    const entry = orderScript(`return entry(tonumber(ARGV[1]), ARGV[2])`);
    const scores = [-1_000_000, -256, -255, -1, 0, 1, 2, 255, 256, 65_536, 1_700_000_000_000, 37 ** 10];
    const members = ['1', '10', '100', '1000', '101', '11', '2', '20', '9', '99'];
    const pairs = scores.flatMap((score) => members.map((member) => [score, member] as const));
    const entries = new Map<string, Buffer>();
    for (const [score, member] of pairs) {
      const written = directoryEntry(score, member);
      // The projector writes entries, the read scripts make them: both the same bytes.
      expect(await redis.callBuffer('EVAL', entry, 0, String(score), member)).toEqual(written);
      entries.set(`${score}/${member}`, written);
    }
    const byEntry = [...pairs].sort((a, b) =>
      Buffer.compare(entries.get(`${a[0]}/${a[1]}`)!, entries.get(`${b[0]}/${b[1]}`)!),
    );
    const byScoreThenMember = [...pairs].sort(
      (a, b) => a[0] - b[0] || Buffer.compare(Buffer.from(a[1]), Buffer.from(b[1])),
    );
    expect(byEntry).toEqual(byScoreThenMember);
  });

  it('keeps each title’s scores beside the orders, and changes nothing when the same updates come again', async () => {
    const redis = redisServer.client();
    const prefix = '{catalogue}:g2:tv:e0:';
    const key = (...parts: string[]) => `${prefix}${parts.join(':')}`;
    const fill = (updates: ScoreUpdates) => {
      for (let id = 1; id <= 400; id++) {
        updates.set(id, 'popularity', (id % 7) + 0.5);
        updates.set(id, 'date', id % 3 === 0 ? null : 19_000 + id);
      }
    };
    await apply(redis, prefix, fill);
    const snapshot = async () => ({
      popularity: await readWholeOrder(redis, key(orderKey('popularity'))),
      date: await readWholeOrder(redis, key(orderKey('date'))),
      counts: [
        await orderCount(redis, key(orderKey('popularity'))),
        await orderCount(redis, key(orderKey('date'))),
      ],
    });
    const before = await snapshot();
    expect(before.counts).toEqual([400, 267]);
    await apply(redis, prefix, fill);
    expect(await snapshot()).toEqual(before);

    const orders: CatalogueSortKey[] = ['popularity', 'date', 'views'];
    const scores = await Promise.all(orders.map((order) => readScores(redis, key, ['3', '4', '999'], order)));
    // Popularity and rating are kept in whole millionths.
    expect(scores).toEqual([
      [3_500_000, 4_500_000, null],
      [null, 19_004, null],
      [null, null, null],
    ]);

    // Views of titles the catalogue does not hold never put them in an order.
    await apply(redis, prefix, (updates) => {
      updates.set(4, 'views', 10, true);
      updates.set(999, 'views', 10, true);
    });
    expect(await readWholeOrder(redis, key(orderKey('views')))).toEqual(['4', '10']);

    // A title out of every order leaves no scores behind.
    await apply(redis, prefix, (updates) => {
      for (const order of ['popularity', 'date', 'views'] as const) updates.set(4, order, null);
    });
    expect(await redis.hexists(key('scores:0'), '4')).toBe(0);
    expect(await orderCount(redis, key(orderKey('views')))).toBe(0);
    await expectWellFormed(redis, key(orderKey('popularity')));
  });

  it('written whole from the scores after a build, holds what batch after batch would have written', async () => {
    const redis = redisServer.client();
    const live = '{catalogue}:g4:movie:e0:';
    const built = '{catalogue}:g5:movie:e0:';
    const next = sequence(11);
    const round = (n: number) => (updates: ScoreUpdates) => {
      const touched = new Set<number>();
      for (let i = 0; i < 600; i++) {
        // The first rounds' titles, then others: the chunks written whole have other heads.
        const id = 1 + Math.floor(next() * 1500) + (n < 2 ? 0 : 1000);
        if (touched.has(id)) continue;
        touched.add(id);
        // Many ties, titles leaving orders, and after the first rounds views of titles held only.
        updates.set(id, 'popularity', next() < 0.1 ? null : Math.floor(next() * 30) / 4);
        updates.set(id, 'date', next() < 0.2 ? null : 18_000 + Math.floor(next() * 40));
        if (n > 1) updates.set(id, 'views', Math.floor(next() * 5), true);
      }
    };
    const orders = async (prefix: string) => {
      const held: Record<string, unknown> = {};
      for (const order of CATALOGUE_SORTS) {
        const key = `${prefix}${orderKey(order)}`;
        held[order] = { members: await readWholeOrder(redis, key), count: await orderCount(redis, key) };
      }
      return held;
    };
    const expectSame = async () => {
      expect(await orders(built)).toEqual(await orders(live));
      for (const order of CATALOGUE_SORTS) {
        const key = `${built}${orderKey(order)}`;
        await expectWellFormed(redis, key);
        // No chunk outside the directory: what the orders held before is gone.
        expect((await redis.keys(`${key}:c:*`)).length).toBe(await redis.zcard(key));
      }
    };
    const liveWriter = new OrderWriter();
    const builder = new OrderWriter();
    // The built generation already holds orders (a verify's earlier catch-up): they are dropped.
    for (let n = 0; n < 2; n++) {
      const updates = new ScoreUpdates();
      round(n)(updates);
      await writeScoresNow(redis, live, updates, liveWriter);
      await writeScoresNow(redis, built, updates, builder);
    }
    for (let n = 2; n < 8; n++) {
      const updates = new ScoreUpdates();
      round(n)(updates);
      await writeScoresNow(redis, live, updates, liveWriter);
      await writeScoresNow(redis, built, updates, builder, { scoresOnly: true });
    }
    expect(await orders(built)).not.toEqual(await orders(live));
    await builder.writeWhole(redis, built);
    await expectSame();
    // Written whole again, the same; and batches after it move titles in what it wrote.
    await builder.writeWhole(redis, built);
    await expectSame();
    for (let n = 8; n < 10; n++) {
      const updates = new ScoreUpdates();
      round(n)(updates);
      await writeScoresNow(redis, live, updates, liveWriter);
      await writeScoresNow(redis, built, updates, builder);
    }
    await expectSame();

    // Redis refusing the orders' writes (a user not allowed ZADD): the whole write fails with
    // Redis's answer, whichever of the writes in flight it came to.
    await redis.acl('SETUSER', 'no-zadd', 'on', '>no-zadd-password', '~*', '&*', '+@all', '-zadd');
    const { hostname, port } = new URL(redisServer.url);
    const refused = new Redis({
      host: hostname,
      port: Number(port),
      username: 'no-zadd',
      password: 'no-zadd-password',
    });
    try {
      await expect(new OrderWriter().writeWhole(refused, built)).rejects.toThrow(/NOPERM/);
    } finally {
      refused.disconnect();
    }
    await builder.writeWhole(redis, built);
    await expectSame();
  });
});
