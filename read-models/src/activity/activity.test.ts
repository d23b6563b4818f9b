import type { ActivityEntry, CinefoldEvent, TitleType } from '@cinefold/contracts';
import { createEventLog, readModelKeys, START, systemContext } from '@cinefold/platform';
import { useRedisServer, useSqliteStore } from '@cinefold/platform/testing';
import { GenerationWriter } from '@cinefold/read-models';
import type { Redis } from 'ioredis';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACTIVITY } from './keys.js';
import { activityProjector } from './projection.js';

const redisServer = useRedisServer();
const sqlite = useSqliteStore('activity');
const name = activityProjector.name;

let redis: Redis;
let minute: number;

beforeEach(async () => {
  redis = redisServer.client();
  await redis.flushall();
  minute = 0;
});

/** Appends each event to its member's stream, a minute after the one before. */
async function given(...events: CinefoldEvent[]): Promise<void> {
  const log = createEventLog(sqlite.store);
  for (const event of events) {
    const userId = (event.data as { userId: string }).userId;
    const now = new Date(Date.UTC(2026, 0, 1, 12, minute++));
    const stream = event.type === 'UserDeleted' ? `user-${userId}` : `library-${userId}`;
    await log.append(stream, [event], { expectedRevision: 'any', context: systemContext(now) });
  }
}

const film = (
  userId: string,
  contentId: number | string,
  title: string,
  contentType: TitleType = 'movie',
) => ({
  userId,
  contentId,
  contentType,
  title,
  poster: null,
});
const favorite = (userId: string, id: number, title: string): CinefoldEvent => ({
  type: 'FavoriteAdded',
  data: film(userId, id, title),
});
const unfavorite = (userId: string, contentId: number, contentType: TitleType = 'movie'): CinefoldEvent => ({
  type: 'FavoriteRemoved',
  data: { userId, contentId, contentType },
});
const toWatch = (userId: string, id: number, title: string): CinefoldEvent => ({
  type: 'WatchlistItemAdded',
  data: film(userId, id, title, 'tv'),
});
const unwatch = (userId: string, contentId: number): CinefoldEvent => ({
  type: 'WatchlistItemRemoved',
  data: { userId, contentId, contentType: 'tv' },
});

/** Runs the projector over every stored event into `generation`, `batchSize` events at a time. */
async function project({ generation = 1, batchSize = 1000 } = {}): Promise<void> {
  const writer = new GenerationWriter(activityProjector, { redis, generation, requireActive: false });
  const all = await sqlite.store.readAll({ from: START });
  for (let i = 0; i < all.length; i += batchSize) await writer.apply(all.slice(i, i + batchSize));
}

/** What GET /api/user/activity answers: a page of the member's entries, newest first. */
async function activityOf(
  userId: string,
  { generation = 1, page = 1, limit = 50 } = {},
): Promise<ActivityEntry[]> {
  const start = (page - 1) * limit;
  const key = readModelKeys.key(name, generation, ...ACTIVITY.entries(userId));
  return (await redis.lrange(key, start, start + limit - 1)).map((json) => JSON.parse(json) as ActivityEntry);
}

const sentences = (entries: ActivityEntry[]) =>
  entries.map((e) => `${e.action} ${e.list} ${e.title ?? '(untitled)'} ${e.contentType ?? '-'}`);

/**
 * Projects the events twice, in one batch (generation 1) and one at a time (generation 2), which
 * must give the member the same activity; that activity, as sentences.
 */
async function projectedBothWays(userId: string): Promise<string[]> {
  await project({ generation: 1 });
  await project({ generation: 2, batchSize: 1 });
  expect(await activityOf(userId, { generation: 2 })).toEqual(await activityOf(userId, { generation: 1 }));
  return sentences(await activityOf(userId));
}

/** Every key of a generation of the read model with its contents. */
async function snapshot(generation = 1): Promise<Record<string, unknown>> {
  const keys = (await redis.keys(`${readModelKeys.generationPrefix(name, generation)}*`)).sort();
  const contents: Record<string, unknown> = {};
  for (const key of keys) {
    const type = await redis.type(key);
    contents[key] =
      type === 'list'
        ? await redis.lrange(key, 0, -1)
        : type === 'hash'
          ? await redis.hgetall(key)
          : await redis.get(key);
  }
  return contents;
}

describe("the activity projector: a member's list changes", () => {
  it('are listed newest first, each with its list, title, type and time', async () => {
    await given(favorite('ann', 550, 'Fight Club'), toWatch('ann', 1399, 'Game of Thrones'));
    await project();
    expect(await activityOf('ann')).toEqual([
      {
        action: 'added',
        list: 'watchlist',
        contentId: 1399,
        contentType: 'tv',
        title: 'Game of Thrones',
        at: '2026-01-01T12:01:00.000Z',
      },
      {
        action: 'added',
        list: 'favorites',
        contentId: 550,
        contentType: 'movie',
        title: 'Fight Club',
        at: '2026-01-01T12:00:00.000Z',
      },
    ]);
  });

  it('name the title of a removal after its last addition, however long ago it was', async () => {
    await given(
      favorite('ann', 550, 'Fight Club'),
      ...Array.from({ length: 300 }, (_, i) => toWatch('ann', 10_000 + i, `Show ${i}`)),
      favorite('ann', 550, 'Fight Club (Director’s Cut)'),
      unfavorite('ann', 550),
      unwatch('ann', 10_000),
    );
    await project();
    expect(sentences(await activityOf('ann', { limit: 3 }))).toEqual([
      'removed watchlist Show 0 tv',
      'removed favorites Fight Club (Director’s Cut) movie',
      'added favorites Fight Club (Director’s Cut) movie',
    ]);
  });

  it('show a removal of a title they never added as untitled', async () => {
    await given(unfavorite('ann', 7));
    await project();
    expect(await activityOf('ann')).toEqual([
      {
        action: 'removed',
        list: 'favorites',
        contentId: 7,
        contentType: 'movie',
        title: null,
        at: '2026-01-01T12:00:00.000Z',
      },
    ]);
  });

  it('tell the movie and the TV show of one id apart', async () => {
    await given(
      favorite('ann', 1399, 'Thrones (the film)'),
      { type: 'FavoriteAdded', data: film('ann', 1399, 'Game of Thrones', 'tv') },
      unfavorite('ann', 1399, 'movie'),
      unfavorite('ann', 1399, 'tv'),
    );
    expect(await projectedBothWays('ann')).toEqual([
      'removed favorites Game of Thrones tv',
      'removed favorites Thrones (the film) movie',
      'added favorites Game of Thrones tv',
      'added favorites Thrones (the film) movie',
    ]);
  });

  it('name the title of a removal stored before entries had a type after the entry it took', async () => {
    // As the site stored them then: version 1, the id alone.
    const removedThen = async (type: 'FavoriteRemoved' | 'WatchlistItemRemoved', contentId: number) =>
      sqlite.store.append(
        'library-ann',
        [
          {
            type,
            version: 1,
            data: { userId: 'ann', contentId },
            metadata: {
              occurredAt: new Date(Date.UTC(2026, 0, 1, 12, minute++)).toISOString(),
              actor: 'ann',
            },
          },
        ],
        { expectedRevision: 'any' },
      );
    await given(
      favorite('ann', 7, 'Seven'),
      { type: 'WatchlistItemAdded', data: film('ann', 7, 'Seven Seas', 'tv') },
      { type: 'FavoriteAdded', data: film('ann', 8, 'Eight', 'tv') },
    );
    await removedThen('FavoriteRemoved', 8);
    await given(favorite('ann', 8, 'Eight (the film)'));
    await removedThen('FavoriteRemoved', 8);
    await removedThen('WatchlistItemRemoved', 7);
    await removedThen('FavoriteRemoved', 7);
    for (const [generation, batchSize] of [
      [1, 1000],
      [2, 1],
    ] as const) {
      await project({ generation, batchSize });
      expect(sentences(await activityOf('ann', { generation, limit: 4 }))).toEqual([
        'removed favorites Seven movie',
        'removed watchlist Seven Seas tv',
        'removed favorites Eight (the film) movie',
        'added favorites Eight (the film) movie',
      ]);
    }
  });

  it('are the same whether the events come in one batch or one at a time', async () => {
    await given(
      favorite('ann', 1, 'Alien'),
      toWatch('ann', 2, 'Lost'),
      unfavorite('ann', 1),
      favorite('ann', 1, 'Aliens'),
      unwatch('ann', 2),
      unfavorite('ann', 1),
    );
    expect(await projectedBothWays('ann')).toEqual([
      'removed favorites Aliens movie',
      'removed watchlist Lost tv',
      'added favorites Aliens movie',
      'removed favorites Alien movie',
      'added watchlist Lost tv',
      'added favorites Alien movie',
    ]);
  });

  it('are read a page at a time', async () => {
    await given(...[1, 2, 3, 4, 5].map((i) => favorite('ann', i, `Film ${i}`)));
    await project();
    const titles = async (page: number) => (await activityOf('ann', { page, limit: 2 })).map((e) => e.title);
    expect(await titles(1)).toEqual(['Film 5', 'Film 4']);
    expect(await titles(2)).toEqual(['Film 3', 'Film 2']);
    expect(await titles(3)).toEqual(['Film 1']);
    expect(await titles(4)).toEqual([]);
  });

  it("are each member's own, and forgotten with a deleted member", async () => {
    await given(
      favorite('ann', 1, 'Alien'),
      favorite('bob', 2, 'Brazil'),
      { type: 'UserDeleted', data: { userId: 'ann' } },
      unfavorite('ann', 1),
    );
    await project();
    expect(sentences(await activityOf('bob'))).toEqual(['added favorites Brazil movie']);
    expect(sentences(await activityOf('ann'))).toEqual(['removed favorites (untitled) movie']);
    expect(await redis.hgetall(readModelKeys.key(name, 1, ...ACTIVITY.titles('ann')))).toEqual({});
  });

  it('do not change when the same events are run again', async () => {
    await given(favorite('ann', 1, 'Alien'), toWatch('ann', 2, 'Lost'), unfavorite('ann', 1));
    await project();
    const before = await snapshot();
    await project();
    await project({ batchSize: 1 });
    expect(await snapshot()).toEqual(before);
  });
});
