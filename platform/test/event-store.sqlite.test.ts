import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  decodeEvent,
  type EventStore,
  type NewEvent,
  openSqliteEventStore,
  positionId,
  type SubscribeAllOptions,
  WrongExpectedVersionError,
} from '@cinefold/platform';
import { describeEventStoreContract, makeTempDir, newEvent } from '@cinefold/platform/testing';
import { writeFirstLayout } from './fixtures/first-layout.js';

describeEventStoreContract(
  'embedded SQLite',
  async () => {
    const dir = makeTempDir('sqlite-contract');
    const file = join(dir.path, 'events.sqlite');
    const store = openSqliteEventStore(file, { pollIntervalMs: 5 });
    return {
      store,
      reopen: async () => openSqliteEventStore(file, { pollIntervalMs: 5 }),
      cleanup: async () => {
        await store.close();
        dir.remove();
      },
    };
  },
  { freshStore: true },
);

describe('a store file written by an earlier version', () => {
  it('is migrated when opened: its events read as stored, beside new ones in the compact layout', async () => {
    const dir = makeTempDir('sqlite-earlier');
    const file = join(dir.path, 'events.sqlite');
    try {
      // An earlier version stored a random UUID and the full metadata of every event, then (a
      // page view) no id and only the time and actor; stream and type names in every row.
      const metadata = {
        occurredAt: '2026-11-23T10:00:00.000Z',
        actor: 'anonymous',
        correlationId: 'f1e0c2a4-4d36-4f2b-9a57-0e8d3b1c6a90',
        causationId: null,
      };
      const view = {
        path: '/movies/603',
        title: { type: 'movie', id: '603' },
        source: 'Google',
        device: 'desktop',
        country: 'Unknown',
        visitor: 'Hn3Jm0xZ8a2s9dQpLk4t1w',
      };
      writeFirstLayout(file, [
        {
          stream: 'pageviews-2026-11-23',
          revision: 0,
          id: '0b7c6d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
          type: 'PageViewed',
          version: 1,
          data: { path: '/' },
          metadata,
        },
        {
          stream: 'roles',
          revision: 0,
          id: 'c3d4e5f6-0000-4000-8000-000000000001',
          type: 'AdminGranted',
          version: 1,
          data: { userId: 'u1' },
          metadata: { ...metadata, actor: 'system' },
        },
        {
          stream: 'pageviews-2026-11-23',
          revision: 1,
          id: '',
          type: 'PageViewed',
          version: 1,
          data: view,
          metadata: { occurredAt: '2026-11-23T10:00:00.500Z', actor: 'anonymous' },
        },
      ]);

      const store = openSqliteEventStore(file);
      await store.appendMany([
        {
          stream: 'pageviews-2026-11-23',
          events: [
            {
              type: 'PageViewed',
              version: 1,
              data: { ...view, path: '/movies' },
              metadata: { occurredAt: '2026-11-23T10:00:01.000Z', actor: 'anonymous' },
            },
          ],
        },
      ]);
      const [earlier, earlierView, later] = await store.readStream('pageviews-2026-11-23');
      const all = await store.readAll();
      await expect(
        store.append('roles', [newEvent('AdminGranted')], { expectedRevision: 'no_stream' }),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      const next = await store.append('roles', [newEvent('AdminGranted')], { expectedRevision: 0n });
      await store.close();

      expect(all.map((e) => [e.position.commit, e.stream, e.revision, e.type])).toEqual([
        [1n, 'pageviews-2026-11-23', 0n, 'PageViewed'],
        [2n, 'roles', 0n, 'AdminGranted'],
        [3n, 'pageviews-2026-11-23', 1n, 'PageViewed'],
        [4n, 'pageviews-2026-11-23', 2n, 'PageViewed'],
      ]);
      expect(earlier).toMatchObject({ id: '0b7c6d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e', revision: 0n, metadata });
      expect(earlier!.data).toEqual({ path: '/' });
      expect(all[1]!.data).toEqual({ userId: 'u1' });
      // A page view of the first version reads as it was stored, and as the catalogue's event.
      expect(earlierView!.id).toBe(positionId(3n));
      expect(earlierView!.data).toEqual(view);
      expect(earlierView!.metadata).toEqual({
        occurredAt: '2026-11-23T10:00:00.500Z',
        actor: 'anonymous',
        correlationId: positionId(3n),
        causationId: null,
      });
      expect(decodeEvent(earlierView!).event).toEqual({ type: 'PageViewed', data: view });
      expect(later).toMatchObject({ revision: 2n, data: { ...view, path: '/movies' } });
      expect(later!.id).toBe(positionId(4n));
      expect(later!.metadata).toEqual({
        occurredAt: '2026-11-23T10:00:01.000Z',
        actor: 'anonymous',
        correlationId: later!.id,
        causationId: null,
      });
      expect(next).toMatchObject({ nextRevision: 1n, position: { commit: 5n } });

      const migrated = new Database(file, { readonly: true });
      expect(migrated.pragma('user_version', { simple: true })).toBe(1);
      const tables = migrated
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .pluck()
        .all();
      expect(tables).toEqual(['events', 'names', 'snapshots', 'streams', 'type_ends']);
      // The new page view holds numbers and the values of its payload, not its names.
      const row = migrated.prepare('SELECT * FROM events WHERE position = 4').get() as Record<
        string,
        unknown
      >;
      migrated.close();
      expect(row).toMatchObject({
        id: null,
        metadata: null,
        occurred_at: Date.parse('2026-11-23T10:00:01.000Z'),
      });
      expect(JSON.parse(row.data as string)).toEqual([
        '/movies',
        { type: 'movie', id: '603' },
        'Google',
        'desktop',
        'Unknown',
        view.visitor,
      ]);
    } finally {
      dir.remove();
    }
  });

  it('gives a payload and metadata back as appended, whatever their shape', async () => {
    const dir = makeTempDir('sqlite-shapes');
    const file = join(dir.path, 'events.sqlite');
    const store = openSqliteEventStore(file);
    try {
      const payloads: unknown[] = [
        { a: 1, b: null, c: [1, { d: 'e' }], f: { g: true } },
        { b: 2, a: 1 },
        { a: 1, skipped: undefined },
        [1, 2],
        'text',
        7,
        null,
        {},
        { __proto__: 'x', a: 1 },
        JSON.parse('{"__proto__": {"polluted": true}, "a": 1}'),
        { 'key with "quotes"': 'value', ünïcode: '✓' },
      ];
      const odd = [
        { occurredAt: '2026-11-23T10:00:00Z', actor: 'system' },
        { occurredAt: 'yesterday', actor: 'u1', correlationId: 'c', causationId: 'd' },
        { occurredAt: '2026-11-23T10:00:00.123Z', actor: 'u1', correlationId: 'c', causationId: null },
      ];
      await store.append(
        's',
        [
          ...payloads.map((data) => ({ type: 'T', version: 1, data, metadata: odd[2]! })),
          ...odd.map((metadata) => ({ type: 'T', version: 1, data: {}, metadata })),
        ] as NewEvent[],
        { expectedRevision: 'no_stream' },
      );
      const read = await store.readStream('s');
      expect(read.map((e) => JSON.stringify(e.data))).toEqual(
        [...payloads, {}, {}, {}].map((p) => JSON.stringify(p)),
      );
      expect(Object.getPrototypeOf(read[9]!.data)).toBe(Object.prototype);
      expect(read.slice(-3).map((e) => e.metadata)).toEqual([
        { ...odd[0], correlationId: read.at(-3)!.id, causationId: null },
        odd[1],
        odd[2],
      ]);
    } finally {
      await store.close();
      dir.remove();
    }
  });
});

/** Counts the turns of the event loop other work gets until stopped: how often a read let it run. */
function countTurns(): { readonly turns: number; stop(): void } {
  let turns = 0;
  let counting = true;
  const turn = () => {
    turns++;
    if (counting) setImmediate(turn);
  };
  setImmediate(turn);
  return {
    get turns() {
      return turns;
    },
    stop() {
      counting = false;
    },
  };
}

describe('reading a long stream', () => {
  it('lets other work run between its pages, so no read holds the process for the whole stream', async () => {
    const dir = makeTempDir('sqlite-long-stream');
    const store = openSqliteEventStore(join(dir.path, 'events.sqlite'));
    try {
      for (let i = 0; i < 5; i++) {
        const page = Array.from({ length: 1_000 }, (_, j) => newEvent('Row', { n: i * 1_000 + j }));
        await store.append('long', page, { expectedRevision: 'any' });
      }
      const otherWork = countTurns();
      const forwards = await store.readStream('long');
      const turnsForwards = otherWork.turns;
      const backwards = await store.readStreamBackwards('long', { maxCount: 5_000 });
      otherWork.stop();
      expect(forwards).toHaveLength(5_000);
      expect(backwards.map((e) => e.revision)).toEqual(forwards.map((e) => e.revision).reverse());
      expect(turnsForwards).toBeGreaterThanOrEqual(4);
      expect(otherWork.turns - turnsForwards).toBeGreaterThanOrEqual(4);
    } finally {
      await store.close();
      dir.remove();
    }
  });
});

describe('reading $all with streams skipped', () => {
  it('leaves the skipped streams unread, with types and payload types too, and reads to the head past them', async () => {
    const dir = makeTempDir('sqlite-skip-streams');
    const store = openSqliteEventStore(join(dir.path, 'events.sqlite'));
    try {
      const row = (n: number) => newEvent('Row', { n });
      await store.append('kept', [row(1)], { expectedRevision: 'any' });
      await store.append('day-1', [row(2), row(3)], { expectedRevision: 'any' });
      await store.append('kept', [row(4)], { expectedRevision: 'any' });
      await store.append('day-2', [row(5)], { expectedRevision: 'any' });
      const numbers = (events: readonly { data: unknown }[]) =>
        events.map((e) => (e.data as { n: number }).n);
      const skipStreams = ['day-1', 'day-2'];
      expect(numbers(await store.readAll({ skipStreams }))).toEqual([1, 4]);
      expect(
        numbers(await store.readAll({ skipStreams: ['day-1'], types: ['Row'], payloadTypes: ['Row'] })),
      ).toEqual([1, 4, 5]);
      expect(numbers(await store.readAll({ skipStreams: [] }))).toEqual([1, 2, 3, 4, 5]);
      let readUpTo = -1n;
      const seen: number[] = [];
      const subscription = store.subscribeAll({ skipStreams, maxBatch: 1 }, async (batch, progress) => {
        seen.push(...numbers(batch));
        readUpTo = progress.readUpTo.commit;
      });
      await expect.poll(() => readUpTo).toBe((await store.headPosition()).commit);
      await subscription.close();
      expect(seen).toEqual([1, 4]);
    } finally {
      await store.close();
      dir.remove();
    }
  });
});

describe('reading $all for no payload at all', () => {
  it('reads each row’s position, type and version, the rest of its envelope when asked, never its payload', async () => {
    const dir = makeTempDir('sqlite-envelopes');
    const store = openSqliteEventStore(join(dir.path, 'events.sqlite'));
    try {
      await store.append('counted', [newEvent('Counted', { n: 1 }), newEvent('Counted', { n: 2 })], {
        expectedRevision: 'any',
      });
      const [first, second] = await store.readAll({ payloadTypes: [] });
      expect([first!.type, first!.version, second!.position.commit]).toEqual(['Counted', 1, 2n]);
      expect(() => first!.data).toThrow('the payload of Counted was not read');
      expect(() => first!.metadata).toThrow('was not read');
      expect([second!.stream, second!.revision, second!.id]).toEqual(['counted', 1n, positionId(2n)]);
    } finally {
      await store.close();
      dir.remove();
    }
  });
});

describe('reading $all for a few types', () => {
  it('passes over a slice of the log at a time, handing on how far it read, and lets other work run between slices', async () => {
    const dir = makeTempDir('sqlite-scan-slices');
    // Slices of 10 positions instead of 100,000, so a small log holds many.
    const store = openSqliteEventStore(join(dir.path, 'events.sqlite'), { scanRows: 10 });
    try {
      for (let i = 1; i <= 100; i++) {
        const events = [newEvent('Common', { n: i })];
        if (i === 5 || i === 50 || i === 99) events.push(newEvent('Rare', { n: i }));
        await store.append(`s-${i}`, events, { expectedRevision: 'any' });
      }
      const head = (await store.headPosition()).commit;
      const numbers = (events: readonly { data: unknown }[]) =>
        events.map((e) => (e.data as { n: number }).n);
      const rare = { types: ['Rare'], payloadTypes: ['Rare'] };

      const otherWork = countTurns();
      // Read to the head however many slices lie between its events, or until it has maxCount.
      expect(numbers(await store.readAll(rare))).toEqual([5, 50, 99]);
      otherWork.stop();
      expect(otherWork.turns).toBeGreaterThanOrEqual(9);
      expect(numbers(await store.readAll({ ...rare, maxCount: 2 }))).toEqual([5, 50]);
      expect(await store.readAll({ ...rare, maxCount: 0 })).toEqual([]);

      const seen: number[] = [];
      const steps: bigint[] = [];
      let readUpTo = -1n;
      const subscription = store.subscribeAll({ ...rare, maxBatch: 10 }, async (batch, progress) => {
        seen.push(...numbers(batch));
        steps.push(progress.readUpTo.commit - readUpTo);
        readUpTo = progress.readUpTo.commit;
      });
      await expect.poll(() => readUpTo).toBe(head);
      await subscription.close();
      expect(seen).toEqual([5, 50, 99]);
      // No statement went over more than a slice (the first starts one below the first position).
      expect(Math.max(...steps.slice(1).map(Number))).toBeLessThanOrEqual(10);
      expect(steps.length).toBeGreaterThanOrEqual(10);
    } finally {
      await store.close();
      dir.remove();
    }
  });

  it('stops a read of some types at the last of them: the rest of the log to the head is read at once', async () => {
    const dir = makeTempDir('sqlite-type-ends');
    const file = join(dir.path, 'events.sqlite');
    const numbers = (events: readonly { data: unknown }[]) => events.map((e) => (e.data as { n: number }).n);
    const rare = { types: ['Rare'], payloadTypes: ['Rare'] };
    const fill = async (store: EventStore, from: number) => {
      await store.append('rare', [newEvent('Rare', { n: from }), newEvent('Rare', { n: from + 1 })], {
        expectedRevision: 'any',
      });
      for (let i = 0; i < 20; i++)
        await store.append(
          `common-${from}`,
          Array.from({ length: 10 }, (_, n) => newEvent('Common', { n })),
          {
            expectedRevision: 'any',
          },
        );
    };
    /** How far each batch of a subscription read, until it reached the head. */
    const subscriptionSteps = async (store: EventStore, options: SubscribeAllOptions) => {
      const head = (await store.headPosition()).commit;
      const seen: number[] = [];
      const reads: bigint[] = [];
      const subscription = store.subscribeAll({ ...options, maxBatch: 10 }, async (batch, progress) => {
        seen.push(...numbers(batch));
        reads.push(progress.readUpTo.commit);
      });
      await expect.poll(() => reads.at(-1)).toBe(head);
      await subscription.close();
      return { seen, reads };
    };
    let store = openSqliteEventStore(file, { scanRows: 10 });
    try {
      await fill(store, 1);
      // 202 rows, the two Rare first: one slice, then the head.
      expect(numbers(await store.readAll(rare))).toEqual([1, 2]);
      expect(await subscriptionSteps(store, rare)).toEqual({ seen: [1, 2], reads: [202n] });
      // A type the log has none of: the head at once.
      expect(await store.readAll({ types: ['Never'], payloadTypes: ['Never'] })).toEqual([]);
      expect((await subscriptionSteps(store, { types: ['Never'] })).reads).toEqual([202n]);
      // An append moves its type's end: read again from the head before it.
      await store.append('rare', [newEvent('Rare', { n: 3 })], { expectedRevision: 'any' });
      expect(numbers(await store.readAll({ ...rare, from: { commit: 202n, prepare: 202n } }))).toEqual([3]);
      await store.close();

      // A store written before the ends were kept gains them when opened, and reads the same.
      const db = new Database(file);
      db.exec('DROP TABLE type_ends');
      db.close();
      store = openSqliteEventStore(file, { scanRows: 10 });
      await fill(store, 4);
      expect(numbers(await store.readAll(rare))).toEqual([1, 2, 3, 4, 5]);
      expect(await subscriptionSteps(store, rare)).toEqual({
        seen: [1, 2, 3, 4, 5],
        // Slices of 10 (from START, one below the first position) to the last Rare (205), which
        // the last one reaches: then the head.
        reads: [...Array.from({ length: 20 }, (_, i) => BigInt(10 * i + 9)), 405n],
      });
    } finally {
      await store.close();
      dir.remove();
    }
  });
});
