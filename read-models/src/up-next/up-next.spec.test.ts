import { useRedisServer } from '@cinefold/platform/testing';
import { type GivenEvent, SPEC_TIME, specOf } from '@cinefold/read-models/testing';
import { describe, expect, it } from 'vitest';
import { upNextProjector } from './projection.js';

const redisServer = useRedisServer();
const { given } = specOf(
  () => upNextProjector,
  () => redisServer.client(),
);

const ada = 'u-ada';
const heist = { contentId: 501, contentType: 'movie', title: 'Heist Night', poster: null } as const;
const orbit = { contentId: 601, contentType: 'tv', title: 'Orbit', poster: '/o.jpg' } as const;
const LATER = '2025-03-02T12:00:00.000Z';
const view = (
  title: object,
  episode: { season: number; episode: number } | null,
  at = SPEC_TIME,
): GivenEvent =>
  ({
    type: 'TitleWatched',
    data: { userId: ada, ...title, progress: 0, completed: false, episode },
    at,
  }) as GivenEvent;
const progressOf = (model: Record<string, unknown>, field: string) =>
  JSON.parse((model['user:u-ada:progress'] as Record<string, string>)[field]!) as Record<string, unknown>;

describe('the up-next read model', () => {
  it('keeps each title viewed by its last view, and where the member is in a show', async () => {
    await given([view(heist, null), view(orbit, { season: 1, episode: 3 }, LATER)]).then(
      {
        row: { 'movie:501': Date.parse(SPEC_TIME), 'tv:601': Date.parse(LATER) },
        orbit: { place: { season: 1, episode: 3 }, finished: false },
      },
      {
        view: (model) => ({
          row: model['user:u-ada:row'],
          orbit: (({ place, finished }) => ({ place, finished }))(progressOf(model, 'tv:601')),
        }),
      },
    );
  });

  it('moves a show forward by a mark, never back, and a view of an episode puts the member there', async () => {
    const place = (events: GivenEvent[]) =>
      given(events)
        .built()
        .then((model) => {
          const { place: p, finished } = progressOf(model, 'tv:601');
          return { p, finished };
        });
    const marked = (through: { season: number; episode: number | null }): GivenEvent => ({
      type: 'TitleMarkedWatched',
      data: { userId: ada, ...orbit, through },
    });
    expect(
      await place([view(orbit, { season: 2, episode: 1 }), marked({ season: 1, episode: null })]),
    ).toEqual({
      p: { season: 2, episode: 1 },
      finished: false,
    });
    expect(
      await place([view(orbit, { season: 1, episode: 1 }), marked({ season: 1, episode: null })]),
    ).toEqual({
      p: { season: 1, episode: null },
      finished: true,
    });
    expect(await place([marked({ season: 3, episode: 2 }), view(orbit, { season: 1, episode: 4 })])).toEqual({
      p: { season: 1, episode: 4 },
      finished: false,
    });
    // A view recorded before views named their episode keeps the member where they were.
    expect(await place([marked({ season: 3, episode: 2 }), view(orbit, null)])).toEqual({
      p: { season: 3, episode: 2 },
      finished: true,
    });
  });

  it('takes a finished movie and a dismissed title off the row, and forgets a deleted member', async () => {
    await given([
      view(heist, null),
      view(orbit, { season: 1, episode: 1 }),
      { type: 'TitleMarkedWatched', data: { userId: ada, ...heist, through: null } },
      { type: 'UpNextItemDismissed', data: { userId: ada, contentId: 601, contentType: 'tv' } },
    ]).then({}, { view: (model) => model['user:u-ada:row'] ?? {}, twice: true });
    await given([
      view(heist, null),
      { type: 'NotInterestedAdded', data: { userId: ada, ...orbit } },
      { type: 'UserDeleted', data: { userId: ada } },
    ]).then({});
  });

  it('keeps the titles a member is not interested in until shown again', async () => {
    await given([
      { type: 'NotInterestedAdded', data: { userId: ada, ...heist } },
      { type: 'NotInterestedAdded', data: { userId: ada, ...orbit } },
      { type: 'NotInterestedRemoved', data: { userId: ada, contentId: 501, contentType: 'movie' } },
    ]).then(
      { 'user:u-ada:not-interested': { 'tv:601': JSON.stringify({ ...orbit, addedAt: SPEC_TIME }) } },
      { twice: true },
    );
  });
});
