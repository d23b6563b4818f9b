import { type CinefoldEvent, type ListName, streams } from '@cinefold/contracts';
import {
  type CommandContext,
  createEventLog,
  type EventLog,
  type EventStore,
  systemContext,
} from '@cinefold/platform';
import { SAMPLE_AD, useSqliteStore } from '@cinefold/platform/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { Accounts } from '../src/accounts/accounts.js';
import { type AdCommand, adDecider } from '../src/ads/ad.js';
import { libraryDecider, type LibraryState } from '../src/library/library.js';
import { foldEvents, loadState, runCommand, SNAPSHOT_EVERY } from '../src/shared/run-command.js';

/** The store, counting what is read of it: events and snapshots, and from which streams. */
function countingReads(store: EventStore) {
  const read = { rows: 0, streams: new Set<string>() };
  const counted: EventStore = {
    ...store,
    async readStream(stream, options) {
      const events = await store.readStream(stream, options);
      read.rows += events.length;
      read.streams.add(stream);
      return events;
    },
    async readStreamBackwards(stream, options) {
      const events = await store.readStreamBackwards(stream, options);
      read.rows += events.length;
      read.streams.add(stream);
      return events;
    },
    async readSnapshot(stream) {
      const snapshot = await store.readSnapshot(stream);
      if (snapshot) read.rows += 1;
      read.streams.add(stream);
      return snapshot;
    },
  };
  return {
    store: counted,
    /** Rows read by `work`, and the streams it read. */
    async during(work: () => Promise<unknown>): Promise<{ rows: number; streams: string[] }> {
      read.rows = 0;
      read.streams.clear();
      await work();
      return { rows: read.rows, streams: [...read.streams] };
    },
  };
}

const sqlite = useSqliteStore('long-history');
let counting: ReturnType<typeof countingReads>;
let log: EventLog;

beforeEach(() => {
  counting = countingReads(sqlite.store);
  log = createEventLog(counting.store);
});

const member = 'u-long';
const library = streams.library(member);
const seven = { contentId: 7, contentType: 'movie', title: 'Seven', poster: null } as const;
const context = (): CommandContext => ({ ...systemContext(), actor: member });

/** `count` list events of one title added and taken away again, written as a script would. */
async function longHistory(count: number): Promise<void> {
  for (let written = 0; written < count; written += 1000) {
    const events: CinefoldEvent[] = Array.from({ length: Math.min(1000, count - written) }, (_, i) =>
      (written + i) % 2 === 0
        ? { type: 'FavoriteAdded', data: { userId: member, ...seven } }
        : { type: 'FavoriteRemoved', data: { userId: member, contentId: 7, contentType: 'movie' } },
    );
    await createEventLog(sqlite.store).append(library, events, {
      expectedRevision: 'any',
      context: context(),
    });
  }
}

const toggle = (list: ListName, add: boolean) =>
  runCommand(
    log,
    library,
    libraryDecider,
    add
      ? { type: 'AddToList', userId: member, list, item: seven }
      : { type: 'RemoveFromList', userId: member, list, contentId: '7' },
    context(),
  );

const titles = (state: LibraryState) =>
  Object.fromEntries(
    (['favorites', 'watchlist'] as const).map((list) => [
      list,
      [...state[list].entries()].map(([key]) => key),
    ]),
  );

describe('a member with a long history', () => {
  it('is decided from a bounded number of events, however long the history grows', async () => {
    await longHistory(3_000);
    // The first decision finds no snapshot: it reads the history once, and keeps one.
    expect((await counting.during(() => toggle('favorites', true))).rows).toBe(3_000);

    const rows: number[] = [];
    for (let i = 0; i < 300; i++) {
      rows.push((await counting.during(() => toggle('favorites', i % 2 === 1))).rows);
    }
    expect(Math.max(...rows)).toBeLessThanOrEqual(SNAPSHOT_EVERY + 1);

    // And decides as the whole history does.
    const loaded = await loadState(log, library, libraryDecider);
    const everything = foldEvents(libraryDecider, await createEventLog(sqlite.store).readStream(library));
    expect(titles(loaded.state)).toEqual(titles(everything));
    expect(loaded.revision).toBe(BigInt(3_000 + 300));
  });

  it('decides a removal on a snapshot as on the whole history', async () => {
    await longHistory(2 * SNAPSHOT_EVERY);
    await toggle('favorites', true);
    await toggle('watchlist', true);
    for (let i = 0; i < SNAPSHOT_EVERY; i++) await toggle('watchlist', i % 2 === 1);
    const removed = await toggle('favorites', false);
    expect(removed.events).toEqual([
      { type: 'FavoriteRemoved', data: { userId: member, contentId: 7, contentType: 'movie' } },
    ]);
    await expect(toggle('favorites', false)).rejects.toThrow(/not in your favorites/);
  });
});

describe('the admin roles, kept in one stream for every change ever made', () => {
  it('are decided from a bounded number of events', async () => {
    const accounts = new Accounts(log);
    const admin = await accounts.register(
      { name: 'Root', email: 'root@example.com', password: 'pw-1' },
      systemContext(),
    );
    const other = await accounts.register(
      { name: 'Ann', email: 'ann@example.com', password: 'pw-2' },
      systemContext(),
    );
    await accounts.changeRole(admin.userId, 'admin', systemContext());
    const rows: number[] = [];
    for (let i = 0; i < 4 * SNAPSHOT_EVERY; i++) {
      const role = i % 2 === 0 ? 'admin' : 'user';
      rows.push((await counting.during(() => accounts.changeRole(other.userId, role, systemContext()))).rows);
    }
    // The member's own stream (read for the check, then for ending a demoted admin's sessions,
    // which grows it too) and the roles, each from its last snapshot: never a whole history.
    expect(Math.max(...rows)).toBeLessThanOrEqual(3 * (SNAPSHOT_EVERY + 1));
  });
});

describe('an ad edited again and again', () => {
  it('is decided from a bounded number of events', async () => {
    const ad = SAMPLE_AD;
    const run = (command: AdCommand) =>
      runCommand(log, streams.ad('a1'), adDecider, command, systemContext());
    await run({ type: 'CreateAd', adId: 'a1', adminId: 'root', ad });
    const rows: number[] = [];
    for (let i = 0; i < 4 * SNAPSHOT_EVERY; i++) {
      const edit = { ...ad, title: `Spring sale ${i}` };
      rows.push(
        (await counting.during(() => run({ type: 'UpdateAd', adId: 'a1', adminId: 'root', ad: edit }))).rows,
      );
    }
    expect(Math.max(...rows)).toBeLessThanOrEqual(SNAPSHOT_EVERY + 1);
  });
});
