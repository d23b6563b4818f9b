import { join } from 'node:path';
import type { CinefoldEvent } from '@cinefold/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import {
  comparePositions,
  type EventStore,
  GroupCommit,
  openSqliteEventStore,
  systemContext,
} from '../src/index.js';
import { makeTempDir } from '../src/testing/index.js';

const dir = makeTempDir('group-commit');
afterAll(() => dir.remove());

/** The real embedded store, counting the writes it is asked for. */
function countingStore(name: string): { store: EventStore; writes: () => number } {
  const store = openSqliteEventStore(join(dir.path, `${name}.sqlite`));
  let writes = 0;
  const appendMany: EventStore['appendMany'] = (appends) => {
    writes++;
    return store.appendMany(appends);
  };
  return { store: { ...store, appendMany }, writes: () => writes };
}

const message = (n: number): CinefoldEvent => ({
  type: 'ContactMessageReceived',
  data: { messageId: `m${n}`, name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: `#${n}` },
});

describe('group commit', () => {
  it('writes the appends of 500 simultaneous requests in a handful of transactions, each answered with its own position', async () => {
    const { store, writes } = countingStore('shared');
    const group = new GroupCommit(store);
    const results = await Promise.all(
      Array.from({ length: 500 }, (_, n) =>
        group.append(n % 2 ? 'pageviews-2026-11-24' : 'ad-beacons-2026-11-24', [message(n)], systemContext()),
      ),
    );
    expect(writes()).toBeLessThanOrEqual(2);
    const stored = [
      ...(await store.readStream('pageviews-2026-11-24')),
      ...(await store.readStream('ad-beacons-2026-11-24')),
    ];
    expect(stored).toHaveLength(500);
    const byMessage = new Map(stored.map((e) => [(e.data as { messageId: string }).messageId, e.position]));
    results.forEach((result, n) => {
      expect(comparePositions(result.position, byMessage.get(`m${n}`)!), `request ${n}`).toBe(0);
    });
    await store.close();
  });

  it('starts the next write with what arrived while the last one was being written', async () => {
    const { store, writes } = countingStore('waves');
    const group = new GroupCommit(store);
    const first = Promise.all([1, 2, 3].map((n) => group.append('s', [message(n)], systemContext())));
    await new Promise((resolve) => setImmediate(resolve));
    const second = Promise.all([4, 5].map((n) => group.append('s', [message(n)], systemContext())));
    await Promise.all([first, second]);
    expect(writes()).toBe(2);
    expect((await store.readStream('s')).map((e) => (e.data as { message: string }).message)).toEqual([
      '#1',
      '#2',
      '#3',
      '#4',
      '#5',
    ]);
    await store.close();
  });

  it('keeps a write under its size limit, carrying the rest in the next', async () => {
    const { store, writes } = countingStore('limit');
    const group = new GroupCommit(store, { maxEvents: 10 });
    await Promise.all(Array.from({ length: 25 }, (_, n) => group.append('s', [message(n)], systemContext())));
    expect(writes()).toBe(3);
    expect(await store.readStream('s')).toHaveLength(25);
    await store.close();
  });

  it('refuses an event the catalogue does not accept on its own, without failing the others', async () => {
    const { store } = countingStore('refused');
    const group = new GroupCommit(store);
    const bad = group.append(
      's',
      [{ type: 'ContactMessageReceived', data: { messageId: 1 } } as never],
      systemContext(),
    );
    const good = group.append('s', [message(1)], systemContext());
    await expect(bad).rejects.toThrow();
    await expect(good).resolves.toMatchObject({ nextRevision: 0n });
    expect(await store.readStream('s')).toHaveLength(1);
    await store.close();
  });

  it('fails every request of a write the store refused, and writes the next ones', async () => {
    const { store } = countingStore('failing');
    let refuse = true;
    const flaky: EventStore = {
      ...store,
      appendMany: (appends) => (refuse ? Promise.reject(new Error('disk full')) : store.appendMany(appends)),
    };
    const group = new GroupCommit(flaky);
    const failed = Promise.allSettled([1, 2].map((n) => group.append('s', [message(n)], systemContext())));
    expect((await failed).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    refuse = false;
    await group.append('s', [message(3)], systemContext());
    expect((await store.readStream('s')).map((e) => (e.data as { message: string }).message)).toEqual(['#3']);
    await store.close();
  });
});
