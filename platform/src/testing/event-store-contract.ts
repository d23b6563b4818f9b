/**
 * One behavioural contract for every EventStore adapter. Each adapter's test file calls
 * `describeEventStoreContract` with a factory; the suite never looks inside an adapter.
 *
 * Tests use their own stream names and positions taken at their start, so the suite also
 * runs against a shared, non-empty server (a real EventStoreDB).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  comparePositions,
  type EventStore,
  type NewEvent,
  type Position,
  type RecordedEvent,
  START,
  WrongExpectedVersionError,
} from '../event-store/port.js';

export interface ContractStore {
  readonly store: EventStore;
  /** Opens a second, independent client on the same store (another process would do the same). */
  readonly reopen?: () => Promise<EventStore>;
  readonly cleanup: () => Promise<void>;
}

export interface ContractOptions {
  /** True when every factory call returns an empty store, which enables the empty-store checks. */
  readonly freshStore: boolean;
}

export function newEvent(type: string, data: unknown = {}, id?: string): NewEvent {
  return {
    ...(id ? { id } : {}),
    type,
    version: 1,
    data,
    metadata: {
      occurredAt: new Date('2026-01-02T03:04:05.000Z').toISOString(),
      actor: 'contract-suite',
      correlationId: randomUUID(),
      causationId: null,
    },
  };
}

/** Resolves once `predicate` holds for the collected events, or fails after `ms`. */
async function eventually(predicate: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export function describeEventStoreContract(
  adapterName: string,
  factory: () => Promise<ContractStore>,
  options: ContractOptions,
): void {
  describe(`the ${adapterName} event store`, () => {
    let subject: ContractStore;
    let store: EventStore;
    let prefix: string;
    const streamName = (name: string) => `${prefix}${name}`;
    const ours = (events: readonly RecordedEvent[]) => events.filter((e) => e.stream.startsWith(prefix));
    /** Appends `count` events of `type`, numbered `{ i }`, to our stream `name`; the head before them. */
    const appendNumbered = async (name: string, type: string, count: number) => {
      const before = await store.headPosition();
      await store.append(
        streamName(name),
        Array.from({ length: count }, (_, i) => newEvent(type, { i })),
        { expectedRevision: 'any' },
      );
      return before;
    };

    beforeEach(async () => {
      subject = await factory();
      store = subject.store;
      prefix = `t${randomUUID().replaceAll('-', '').slice(0, 12)}-`;
    });
    afterEach(async () => {
      await subject.cleanup();
    });

    describe('append', () => {
      it('creates a stream when it is expected not to exist', async () => {
        const stream = streamName('title-1');
        const result = await store.append(stream, [newEvent('TitleImported', { id: 1 })], {
          expectedRevision: 'no_stream',
        });
        expect(result.nextRevision).toBe(0n);
        const events = await store.readStream(stream);
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({ stream, revision: 0n, type: 'TitleImported', version: 1 });
        expect(events[0]?.data).toEqual({ id: 1 });
      });

      it('refuses to create a stream that already exists', async () => {
        const stream = streamName('email-a');
        await store.append(stream, [newEvent('EmailReserved')], { expectedRevision: 'no_stream' });
        const second = store.append(stream, [newEvent('EmailReserved')], { expectedRevision: 'no_stream' });
        await expect(second).rejects.toBeInstanceOf(WrongExpectedVersionError);
        await expect(second).rejects.toMatchObject({ stream, actual: 0n });
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('appends to several streams at once, each event in its stream and in $all, results in order', async () => {
        const views = streamName('pageviews-2026-11-24');
        const beacons = streamName('ad-beacons-2026-11-24');
        await store.append(views, [newEvent('PageViewed', { n: 0 })], { expectedRevision: 'no_stream' });
        const before = await store.headPosition();
        const results = await store.appendMany([
          { stream: views, events: [newEvent('PageViewed', { n: 1 })] },
          { stream: beacons, events: [newEvent('AdClicked', { n: 1 }), newEvent('AdClicked', { n: 2 })] },
          { stream: views, events: [newEvent('PageViewed', { n: 2 })] },
        ]);
        expect(results).toHaveLength(3);
        for (const result of results) expect(comparePositions(result.position, before)).toBeGreaterThan(0);
        expect(results[1]?.nextRevision).toBe(1n);
        expect((await store.readStream(views)).map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
        expect((await store.readStream(beacons)).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
        const head = await store.headPosition();
        expect(comparePositions(head, results[2]!.position)).toBeGreaterThanOrEqual(0);
        const after = ours(await store.readAll({ from: before, maxCount: 100 }));
        expect(after).toHaveLength(4);
        expect(await store.appendMany([])).toEqual([]);
      });

      it('appends at the exact expected revision and refuses a stale one', async () => {
        const stream = streamName('member-1');
        const first = await store.append(stream, [newEvent('A'), newEvent('B')], {
          expectedRevision: 'no_stream',
        });
        expect(first.nextRevision).toBe(1n);
        const second = await store.append(stream, [newEvent('C')], { expectedRevision: 1n });
        expect(second.nextRevision).toBe(2n);
        const stale = store.append(stream, [newEvent('D')], { expectedRevision: 1n });
        await expect(stale).rejects.toMatchObject({
          name: 'WrongExpectedVersionError',
          expected: 1n,
          actual: 2n,
        });
        expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
      });

      it('reads a page of a stream backwards, newest first, from its end or from a revision', async () => {
        const stream = streamName('backwards');
        await store.append(
          stream,
          ['A', 'B', 'C', 'D', 'E'].map((type) => newEvent(type)),
          {
            expectedRevision: 'no_stream',
          },
        );
        const types = (events: RecordedEvent[]) => events.map((e) => e.type);
        expect(types(await store.readStreamBackwards(stream, { maxCount: 2 }))).toEqual(['E', 'D']);
        expect(types(await store.readStreamBackwards(stream, { from: 2n, maxCount: 2 }))).toEqual(['C', 'B']);
        expect(types(await store.readStreamBackwards(stream, { from: 1n, maxCount: 5 }))).toEqual(['B', 'A']);
        expect(await store.readStreamBackwards(stream, { from: -1n, maxCount: 5 })).toEqual([]);
        expect(await store.readStreamBackwards(streamName('missing'), { maxCount: 5 })).toEqual([]);
      });

      it('refuses an exact revision on a stream that does not exist', async () => {
        const attempt = store.append(streamName('missing'), [newEvent('A')], { expectedRevision: 0n });
        await expect(attempt).rejects.toMatchObject({
          name: 'WrongExpectedVersionError',
          actual: 'no_stream',
        });
        expect(await store.readStream(streamName('missing'))).toEqual([]);
      });

      it('appends with any expected revision whether or not the stream exists', async () => {
        const stream = streamName('any');
        await store.append(stream, [newEvent('A')], { expectedRevision: 'any' });
        const result = await store.append(stream, [newEvent('B')], { expectedRevision: 'any' });
        expect(result.nextRevision).toBe(1n);
      });

      it('lets exactly one of many concurrent writers at the same revision win', async () => {
        const stream = streamName('race');
        await store.append(stream, [newEvent('Opened')], { expectedRevision: 'no_stream' });
        const attempts = await Promise.allSettled(
          Array.from({ length: 20 }, (_, i) =>
            store.append(stream, [newEvent('Raced', { i })], { expectedRevision: 0n }),
          ),
        );
        expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
        for (const failed of attempts.filter((a) => a.status === 'rejected')) {
          expect((failed as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
        }
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('keeps event ids, payloads and metadata exactly', async () => {
        const stream = streamName('payload');
        const id = randomUUID();
        const data = { title: 'Amélie — «Le fabuleux destin»', nested: { list: [1, 'two', null] }, n: 8.364 };
        const event = newEvent('TitleImported', data, id);
        await store.append(stream, [event], { expectedRevision: 'no_stream' });
        const [stored] = await store.readStream(stream);
        expect(stored?.id).toBe(id);
        expect(stored?.data).toEqual(data);
        expect(stored?.metadata).toEqual(event.metadata);
      });

      it('gives each event appended without an id one of its own, the same on every read', async () => {
        const stream = streamName('no-id');
        const from = await store.headPosition();
        await store.append(stream, [newEvent('Row', { i: 1 }), newEvent('Row', { i: 2 })], {
          expectedRevision: 'no_stream',
        });
        const [first, second] = await store.readStream(stream);
        expect(first!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(second!.id).not.toBe(first!.id);
        const again = await store.readStream(stream);
        expect(again.map((e) => e.id)).toEqual([first!.id, second!.id]);
        const inAll = await store.readAll({ from, maxCount: 100 });
        expect(inAll.filter((e) => e.stream === stream).map((e) => e.id)).toEqual([first!.id, second!.id]);
      });

      it('reads an event appended without a correlation id as its own correlation, with no cause', async () => {
        const stream = streamName('uncorrelated');
        const at = '2026-01-02T03:04:05.000Z';
        const [appended] = await store.appendMany([
          {
            stream,
            events: [
              { type: 'PageViewed', version: 1, data: {}, metadata: { occurredAt: at, actor: 'anonymous' } },
            ],
          },
        ]);
        expect(appended).toBeDefined();
        const [stored] = await store.readStream(stream);
        expect(stored!.metadata).toEqual({
          occurredAt: at,
          actor: 'anonymous',
          correlationId: stored!.id,
          causationId: null,
        });
      });

      it('writes a batch atomically, in order, with consecutive revisions', async () => {
        const stream = streamName('batch');
        const batch = Array.from({ length: 50 }, (_, i) => newEvent('Row', { i }));
        const result = await store.append(stream, batch, { expectedRevision: 'no_stream' });
        expect(result.nextRevision).toBe(49n);
        const events = await store.readStream(stream);
        expect(events.map((e) => e.revision)).toEqual(batch.map((_, i) => BigInt(i)));
        expect(events.map((e) => (e.data as { i: number }).i)).toEqual(batch.map((_, i) => i));
      });
    });

    describe('readAll', () => {
      it('returns every stream in the global order of writing, after an exclusive position', async () => {
        const before = await store.headPosition();
        await store.append(streamName('a'), [newEvent('A1'), newEvent('A2')], { expectedRevision: 'any' });
        await store.append(streamName('b'), [newEvent('B1')], { expectedRevision: 'any' });
        await store.append(streamName('a'), [newEvent('A3')], { expectedRevision: 'any' });
        const all = ours(await store.readAll({ from: before }));
        expect(all.map((e) => e.type)).toEqual(['A1', 'A2', 'B1', 'A3']);
        for (let i = 1; i < all.length; i++) {
          expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBe(-1);
        }
        const afterSecond = ours(await store.readAll({ from: all[1]!.position }));
        expect(afterSecond.map((e) => e.type)).toEqual(['B1', 'A3']);
      });

      it('stops after maxCount events', async () => {
        const before = await appendNumbered('many', 'N', 10);
        const page = await store.readAll({ from: before, maxCount: 4 });
        expect(page).toHaveLength(4);
      });

      it('reports the position of the last appended event as the head', async () => {
        if (options.freshStore) expect(await store.headPosition()).toEqual(START);
        await store.append(streamName('h'), [newEvent('X')], { expectedRevision: 'any' });
        const result = await store.append(streamName('h'), [newEvent('Y'), newEvent('Z')], {
          expectedRevision: 'any',
        });
        expect(comparePositions(await store.headPosition(), result.position)).toBe(0);
        const all = ours(await store.readAll({ from: START }));
        expect(comparePositions(all.at(-1)!.position, result.position)).toBe(0);
      });
    });

    describe('subscribeAll', () => {
      it('catches up on past events, then delivers new ones live', async () => {
        const before = await store.headPosition();
        await store.append(streamName('s'), [newEvent('Past1'), newEvent('Past2')], {
          expectedRevision: 'any',
        });
        const seen: RecordedEvent[] = [];
        const subscription = store.subscribeAll({ from: before }, async (batch) => {
          seen.push(...ours(batch));
        });
        await eventually(() => seen.length === 2);
        await store.append(streamName('s'), [newEvent('Live1')], { expectedRevision: 'any' });
        await store.append(streamName('t'), [newEvent('Live2')], { expectedRevision: 'any' });
        await eventually(() => seen.length === 4);
        expect(seen.map((e) => e.type)).toEqual(['Past1', 'Past2', 'Live1', 'Live2']);
        await subscription.close();
        await expect(subscription.done).resolves.toBeUndefined();
      });

      it('delivers every event in order when asked for some payloads only', async () => {
        const before = await store.headPosition();
        await store.append(
          streamName('f'),
          [newEvent('Wanted', { n: 1 }), newEvent('Other', { n: 2 }), newEvent('Wanted', { n: 3 })],
          { expectedRevision: 'any' },
        );
        const seen: RecordedEvent[] = [];
        const subscription = store.subscribeAll({ from: before, payloadTypes: ['Wanted'] }, async (batch) => {
          seen.push(...ours(batch));
        });
        await eventually(() => seen.length === 3);
        await subscription.close();
        expect(seen.map((e) => e.type)).toEqual(['Wanted', 'Other', 'Wanted']);
        expect(seen.filter((e) => e.type === 'Wanted').map((e) => e.data)).toEqual([{ n: 1 }, { n: 3 }]);
        expect(seen[0]!.metadata.actor).toBe('contract-suite');
        const read = await store.readAll({ from: before, maxCount: 3, payloadTypes: ['Other'] });
        expect(ours(read).find((e) => e.type === 'Other')?.data).toEqual({ n: 2 });
      });

      it('delivers every event whole but its payload when asked for no payload at all', async () => {
        const before = await store.headPosition();
        const stream = streamName('e');
        await store.append(stream, [newEvent('First', { n: 1 }), newEvent('Second', { n: 2 })], {
          expectedRevision: 'any',
        });
        const whole = ours(await store.readAll({ from: before }));
        const envelopes = ours(await store.readAll({ from: before, payloadTypes: [] }));
        const envelope = (e: RecordedEvent) => ({
          id: e.id,
          stream: e.stream,
          revision: e.revision,
          position: e.position,
          type: e.type,
          version: e.version,
        });
        expect(envelopes.map(envelope)).toEqual(whole.map(envelope));
        expect(envelopes.map((e) => e.revision)).toEqual([0n, 1n]);
      });

      it('delivers the types asked for in order, and reads past the others', async () => {
        const before = await store.headPosition();
        await store.append(
          streamName('k'),
          [newEvent('Kept', { n: 1 }), newEvent('Skipped'), newEvent('Kept', { n: 2 })],
          { expectedRevision: 'any' },
        );
        const last = await store.append(streamName('k'), [newEvent('Skipped'), newEvent('Skipped')], {
          expectedRevision: 'any',
        });
        const seen: RecordedEvent[] = [];
        let readUpTo = before;
        const subscription = store.subscribeAll(
          { from: before, types: ['Kept'], maxBatch: 1 },
          async (batch, progress) => {
            seen.push(...ours(batch));
            // Never behind the events it hands over, never backwards.
            for (const e of batch)
              expect(comparePositions(progress.readUpTo, e.position)).toBeGreaterThanOrEqual(0);
            expect(comparePositions(progress.readUpTo, readUpTo)).toBe(1);
            readUpTo = progress.readUpTo;
          },
        );
        // A reader that moves its checkpoint to readUpTo gets past the skipped events at the end.
        await eventually(() => comparePositions(readUpTo, last.position) >= 0);
        await subscription.close();
        const kept = seen.filter((e) => e.type === 'Kept'); // an adapter may deliver the others too
        expect(kept.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
      });

      it('delivers the events of the streams not skipped in order, and reads past the skipped ones', async () => {
        const before = await store.headPosition();
        const [kept, skipped] = [streamName('kept'), streamName('skipped')];
        await store.append(kept, [newEvent('Row', { n: 1 })], { expectedRevision: 'any' });
        await store.append(skipped, [newEvent('Row', { n: 2 })], { expectedRevision: 'any' });
        await store.append(kept, [newEvent('Row', { n: 3 })], { expectedRevision: 'any' });
        const last = await store.append(skipped, [newEvent('Row', { n: 4 })], { expectedRevision: 'any' });
        const seen: RecordedEvent[] = [];
        let readUpTo = before;
        const subscription = store.subscribeAll(
          { from: before, skipStreams: [skipped], maxBatch: 1 },
          async (batch, progress) => {
            seen.push(...ours(batch));
            readUpTo = progress.readUpTo;
          },
        );
        await eventually(() => comparePositions(readUpTo, last.position) >= 0);
        await subscription.close();
        // An adapter may deliver the skipped ones too: the reader comes to the same result.
        const fromKept = (events: RecordedEvent[]) =>
          events.filter((e) => e.stream === kept).map((e) => e.data);
        expect(fromKept(seen)).toEqual([{ n: 1 }, { n: 3 }]);
        const read = await store.readAll({
          from: before,
          maxCount: 10,
          skipStreams: [skipped, 'never-written'],
        });
        expect(fromKept(ours(read))).toEqual([{ n: 1 }, { n: 3 }]);
      });

      it('starts strictly after the position it is given', async () => {
        const before = await store.headPosition();
        const first = await store.append(streamName('p'), [newEvent('Old')], { expectedRevision: 'any' });
        await store.append(streamName('p'), [newEvent('New')], { expectedRevision: 'any' });
        const seen: string[] = [];
        const subscription = store.subscribeAll({ from: first.position }, async (batch) => {
          seen.push(...ours(batch).map((e) => e.type));
        });
        await eventually(() => seen.length >= 1);
        expect(seen).toEqual(['New']);
        await subscription.close();
        expect(comparePositions(before, first.position)).toBe(-1);
      });

      it('hands over batches no larger than maxBatch, waiting for each handler', async () => {
        const before = await appendNumbered('big', 'Row', 120);
        let running = 0;
        let overlapped = false;
        const sizes: number[] = [];
        let count = 0;
        const subscription = store.subscribeAll({ from: before, maxBatch: 25 }, async (batch) => {
          running++;
          if (running > 1) overlapped = true;
          sizes.push(batch.length);
          count += ours(batch).length;
          await new Promise((resolve) => setTimeout(resolve, 2));
          running--;
        });
        await eventually(() => count === 120);
        await subscription.close();
        expect(Math.max(...sizes)).toBeLessThanOrEqual(25);
        expect(overlapped).toBe(false);
      });

      it('resumes after a crash from the last position it handled, losing nothing', async () => {
        const before = await appendNumbered('r', 'Row', 30);
        const handled: number[] = [];
        let checkpoint: Position = before;
        const crashing = store.subscribeAll({ from: before, maxBatch: 10 }, async (batch) => {
          const mine = ours(batch);
          if (handled.length + mine.length > 12) throw new Error('projector crashed');
          handled.push(...mine.map((e) => (e.data as { i: number }).i));
          checkpoint = batch.at(-1)!.position;
        });
        await expect(crashing.done).rejects.toThrow('projector crashed');

        await store.append(streamName('r'), [newEvent('Row', { i: 30 })], { expectedRevision: 'any' });
        const resumed = store.subscribeAll({ from: checkpoint }, async (batch) => {
          handled.push(...ours(batch).map((e) => (e.data as { i: number }).i));
        });
        await eventually(() => handled.length >= 31);
        await resumed.close();
        expect(handled).toEqual(Array.from({ length: 31 }, (_, i) => i));
      });

      it('delivers events appended through another client', async () => {
        if (!subject.reopen) return;
        const other = await subject.reopen();
        try {
          const before = await store.headPosition();
          const seen: string[] = [];
          const subscription = store.subscribeAll({ from: before }, async (batch) => {
            seen.push(...ours(batch).map((e) => e.type));
          });
          await other.append(streamName('x'), [newEvent('FromElsewhere')], { expectedRevision: 'any' });
          await eventually(() => seen.length === 1);
          expect(seen).toEqual(['FromElsewhere']);
          await subscription.close();
        } finally {
          await other.close();
        }
      });
    });

    describe('readStream', () => {
      it('returns nothing for a stream that was never written', async () => {
        expect(await store.readStream(streamName('never'))).toEqual([]);
        expect(await store.readStream(streamName('never'), { from: 3n, maxCount: 2 })).toEqual([]);
      });

      it('reads from a revision on, at most maxCount events, in order', async () => {
        const stream = streamName('forwards');
        await store.append(
          stream,
          ['A', 'B', 'C', 'D', 'E'].map((type) => newEvent(type)),
          { expectedRevision: 'no_stream' },
        );
        const types = (events: RecordedEvent[]) => events.map((e) => e.type);
        expect(types(await store.readStream(stream, { from: 2n }))).toEqual(['C', 'D', 'E']);
        expect(types(await store.readStream(stream, { from: 1n, maxCount: 2 }))).toEqual(['B', 'C']);
        expect(types(await store.readStream(stream, { maxCount: 1 }))).toEqual(['A']);
        expect((await store.readStream(stream, { from: 3n })).map((e) => e.revision)).toEqual([3n, 4n]);
        expect(await store.readStream(stream, { from: 5n })).toEqual([]);
        expect(await store.readStream(stream, { maxCount: 0 })).toEqual([]);
      });

      it('reads a stream longer than any page whole, and a page of it from a revision', async () => {
        const stream = streamName('long');
        const rows = Array.from({ length: 2_500 }, (_, i) => newEvent('Row', { i }));
        for (let i = 0; i < rows.length; i += 500) {
          await store.append(stream, rows.slice(i, i + 500), { expectedRevision: 'any' });
        }
        const all = await store.readStream(stream);
        expect(all.map((e) => (e.data as { i: number }).i)).toEqual(rows.map((_, i) => i));
        const page = await store.readStream(stream, { from: 1_999n, maxCount: 1_100 });
        expect(page.map((e) => e.revision)).toEqual(Array.from({ length: 501 }, (_, i) => BigInt(1_999 + i)));
        const backwards = await store.readStreamBackwards(stream, { from: 2_100n, maxCount: 1_200 });
        expect(backwards).toHaveLength(1_200);
        expect(backwards.at(-1)!.revision).toBe(901n);
      });
    });

    describe('snapshots', () => {
      it('keeps the last snapshot saved of a stream, with the revision it covers', async () => {
        const stream = streamName('member');
        await store.append(stream, [newEvent('A'), newEvent('B'), newEvent('C')], {
          expectedRevision: 'no_stream',
        });
        expect(await store.readSnapshot(stream)).toBeNull();
        await store.saveSnapshot(stream, { revision: 1n, data: { v: 1, state: ['a', 'b'] } });
        expect(await store.readSnapshot(stream)).toEqual({ revision: 1n, data: { v: 1, state: ['a', 'b'] } });
        await store.saveSnapshot(stream, { revision: 2n, data: { v: 1, state: ['a', 'b', 'c'] } });
        expect(await store.readSnapshot(stream)).toEqual({
          revision: 2n,
          data: { v: 1, state: ['a', 'b', 'c'] },
        });
        expect(await store.readSnapshot(streamName('other'))).toBeNull();
      });

      it('are not events: $all, subscriptions and the head leave them out', async () => {
        const stream = streamName('kept');
        const before = await store.headPosition();
        const last = await store.append(stream, [newEvent('A')], { expectedRevision: 'no_stream' });
        await store.saveSnapshot(stream, { revision: 0n, data: { state: 'a' } });
        expect(comparePositions(await store.headPosition(), last.position)).toBe(0);
        expect(ours(await store.readAll({ from: before })).map((e) => e.type)).toEqual(['A']);
        const seen: string[] = [];
        const subscription = store.subscribeAll({ from: before }, async (batch) => {
          seen.push(...batch.map((e) => e.type));
        });
        await store.append(stream, [newEvent('B')], { expectedRevision: 0n });
        await eventually(() => seen.includes('B'));
        await subscription.close();
        expect(seen.filter((type) => !type.startsWith('$'))).toEqual(['A', 'B']);
        expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B']);
      });

      it('go with their stream when it is deleted', async () => {
        const stream = streamName('gone');
        await store.append(stream, [newEvent('A')], { expectedRevision: 'no_stream' });
        await store.saveSnapshot(stream, { revision: 0n, data: { state: 'a' } });
        await store.deleteStream(stream);
        expect(await store.readSnapshot(stream)).toBeNull();
      });
    });

    describe('deleteStream', () => {
      it('deletes one stream: it reads as never written, the others are left, and new events come after every old position', async () => {
        const day = streamName('pageviews-2026-01-01');
        const kept = streamName('pageviews-2026-01-02');
        await store.append(day, [newEvent('PageViewed', { n: 1 }), newEvent('PageViewed', { n: 2 })], {
          expectedRevision: 'any',
        });
        const last = await store.append(kept, [newEvent('PageViewed', { n: 3 })], {
          expectedRevision: 'any',
        });

        await store.deleteStream(day);

        expect(await store.readStream(day)).toEqual([]);
        expect((await store.readStream(kept)).map((e) => e.data)).toEqual([{ n: 3 }]);
        const next = await store.append(kept, [newEvent('PageViewed', { n: 4 })], {
          expectedRevision: 'any',
        });
        expect(comparePositions(next.position, last.position)).toBeGreaterThan(0);
      });

      it('does nothing to a stream that was never written', async () => {
        await expect(store.deleteStream(streamName('never'))).resolves.toBeUndefined();
      });
    });

    it('answers ping when reachable', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
