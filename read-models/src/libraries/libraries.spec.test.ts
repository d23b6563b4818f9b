import { useRedisServer } from '@cinefold/platform/testing';
import { type GivenEvent, SPEC_TIME, specOf } from '@cinefold/read-models/testing';
import { describe, it } from 'vitest';
import { HISTORY_LIMIT, librariesProjector } from './projection.js';

const redisServer = useRedisServer();
const { given } = specOf(
  () => librariesProjector,
  () => redisServer.client(),
);

const inception = {
  contentId: 27205,
  contentType: 'movie',
  title: 'Inception',
  poster: '/inception.jpg',
} as const;
const dark = { contentId: 70523, contentType: 'tv', title: 'Dark', poster: null } as const;
const ada = 'u-ada';

/** A list entry as the profile reads it: the title as it was added, and when. */
const entry = (item: object, addedAt = SPEC_TIME) => JSON.stringify({ ...item, addedAt });

describe('the libraries read model', () => {
  it('keeps each member’s favorites and watchlist apart, one entry per title', async () => {
    await given([
      { type: 'FavoriteAdded', data: { userId: ada, ...inception } },
      { type: 'FavoriteAdded', data: { userId: ada, ...dark }, at: '2025-03-02T09:00:00.000Z' },
      { type: 'WatchlistItemAdded', data: { userId: ada, ...dark } },
      { type: 'FavoriteAdded', data: { userId: 'u-bob', ...inception } },
    ]).then(
      {
        'user:u-ada:favorites': {
          'movie:27205': entry(inception),
          'tv:70523': entry(dark, '2025-03-02T09:00:00.000Z'),
        },
        'user:u-ada:watchlist': { 'tv:70523': entry(dark) },
        'user:u-bob:favorites': { 'movie:27205': entry(inception) },
      },
      { twice: true },
    );
  });

  it('takes a title off a list when it is removed, and leaves the other list alone', async () => {
    await given([
      { type: 'FavoriteAdded', data: { userId: ada, ...inception } },
      { type: 'WatchlistItemAdded', data: { userId: ada, ...inception } },
      { type: 'FavoriteAdded', data: { userId: ada, ...dark } },
      { type: 'FavoriteRemoved', data: { userId: ada, contentId: 27205, contentType: 'movie' } },
      { type: 'WatchlistItemRemoved', data: { userId: ada, contentId: 70523, contentType: 'tv' } },
    ]).then(
      {
        'user:u-ada:favorites': { 'tv:70523': entry(dark) },
        'user:u-ada:watchlist': { 'movie:27205': entry(inception) },
      },
      { twice: true },
    );
  });

  const thrones = { contentId: 1399, contentType: 'tv', title: 'Game of Thrones', poster: null } as const;
  const thronesFilm = { ...thrones, contentType: 'movie', title: 'Thrones (the film)' } as const;

  it('keeps the movie and the TV show of one id as two entries, and removes the one named', async () => {
    await given([
      { type: 'FavoriteAdded', data: { userId: ada, ...thronesFilm } },
      { type: 'FavoriteAdded', data: { userId: ada, ...thrones } },
      { type: 'WatchlistItemAdded', data: { userId: ada, ...thrones } },
      { type: 'WatchlistItemAdded', data: { userId: ada, ...thronesFilm } },
      { type: 'WatchlistItemRemoved', data: { userId: ada, contentId: '1399', contentType: 'tv' } },
    ]).then(
      {
        'user:u-ada:favorites': { 'movie:1399': entry(thronesFilm), 'tv:1399': entry(thrones) },
        'user:u-ada:watchlist': { 'movie:1399': entry(thronesFilm) },
      },
      { twice: true },
    );
  });

  it('takes, for a removal recorded before entries had a type, the one entry of its id', async () => {
    await given([
      { type: 'FavoriteAdded', data: { userId: ada, ...thrones } },
      { type: 'WatchlistItemAdded', data: { userId: ada, ...thronesFilm } },
      { type: 'FavoriteRemoved', data: { userId: ada, contentId: 1399, contentType: null } },
    ]).then({ 'user:u-ada:watchlist': { 'movie:1399': entry(thronesFilm) } }, { twice: true });
  });

  it('keeps the watch history newest first, with the progress of each view', async () => {
    await given([
      {
        type: 'TitleWatched',
        data: { userId: ada, ...inception, progress: 40, completed: false, episode: null },
      },
      {
        type: 'TitleWatched',
        data: { userId: ada, ...dark, progress: 100, completed: true, episode: null },
        at: '2025-03-01T21:00:00.000Z',
      },
    ]).then({
      'user:u-ada:history': [
        JSON.stringify({ ...dark, progress: 100, completed: true, watchedAt: '2025-03-01T21:00:00.000Z' }),
        JSON.stringify({ ...inception, progress: 40, completed: false, watchedAt: SPEC_TIME }),
      ],
    });
  });

  it(`keeps the latest ${HISTORY_LIMIT} views of a member's history`, async () => {
    const views: GivenEvent[] = Array.from({ length: HISTORY_LIMIT + 2 }, (_, i) => ({
      type: 'TitleWatched',
      data: { userId: ada, ...inception, progress: i, completed: false, episode: null },
    }));
    await given(views).then(HISTORY_LIMIT, {
      batchSize: 200,
      view: (model) => (model['user:u-ada:history'] as string[]).length,
    });
    await given(views).then(HISTORY_LIMIT + 1, {
      view: (model) => JSON.parse((model['user:u-ada:history'] as string[])[0]!).progress,
    });
  });

  it('forgets a deleted member’s lists and history, and no one else’s', async () => {
    await given([
      { type: 'FavoriteAdded', data: { userId: ada, ...inception } },
      { type: 'WatchlistItemAdded', data: { userId: ada, ...dark } },
      { type: 'TitleWatched', data: { userId: ada, ...dark, progress: 10, completed: false, episode: null } },
      { type: 'FavoriteAdded', data: { userId: 'u-bob', ...dark } },
      { type: 'UserDeleted', data: { userId: ada } },
    ]).then({ 'user:u-bob:favorites': { 'tv:70523': entry(dark) } }, { twice: true });
  });
});
