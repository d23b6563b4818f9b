import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../lib/auth/auth-api';
import { isInList, type LibraryTitle, sameTitle, withListChange } from './list-membership';

const fightClub: LibraryTitle = {
  contentId: 550,
  contentType: 'movie',
  title: 'Fight Club',
  poster: '/f.jpg',
};

function member(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'u1',
    name: 'Ann',
    email: 'ann@example.com',
    role: 'user',
    createdAt: '2025-01-01T00:00:00.000Z',
    favorites: [],
    watchlist: [],
    ...overrides,
  };
}

describe('list membership', () => {
  it('treats the number 550 and the text "550" as the same title', () => {
    expect(
      sameTitle({ contentType: 'movie', contentId: 550 }, { contentType: 'movie', contentId: '550' }),
    ).toBe(true);
    expect(
      sameTitle({ contentType: 'movie', contentId: '550' }, { contentType: 'movie', contentId: 551 }),
    ).toBe(false);
  });

  it('tells the movie and the TV show of one id apart', () => {
    expect(sameTitle({ contentType: 'movie', contentId: 1399 }, { contentType: 'tv', contentId: 1399 })).toBe(
      false,
    );
  });

  it('starts a button as "in the list" when the member already saved the title, and only that one', () => {
    const saved = [
      { contentId: '550', contentType: 'movie' as const, title: 'Fight Club', poster: null, addedAt: '' },
    ];
    expect(isInList(saved, fightClub)).toBe(true);
    expect(isInList(saved, { ...fightClub, contentId: 13 })).toBe(false);
    expect(isInList(saved, { ...fightClub, contentType: 'tv' })).toBe(false);
  });

  it('starts a button as "not in the list" for a guest, who has no lists', () => {
    expect(isInList(undefined, fightClub)).toBe(false);
  });

  it('puts an added title first in the list, once', () => {
    const now = new Date('2025-03-01T10:00:00Z');
    const before = member({
      favorites: [{ contentId: 13, contentType: 'movie', title: 'Forrest Gump', poster: null, addedAt: 'x' }],
    });

    const after = withListChange(
      withListChange(before, 'favorites', fightClub, true, now),
      'favorites',
      fightClub,
      true,
      now,
    );

    expect(after.favorites.map((item) => item.contentId)).toEqual([550, 13]);
    expect(after.favorites[0]).toEqual({ ...fightClub, addedAt: '2025-03-01T10:00:00.000Z' });
    expect(after.watchlist).toEqual([]);
  });

  it('takes a removed title out whatever type its id was stored as', () => {
    const before = member({
      watchlist: [
        { contentId: '550', contentType: 'movie', title: 'Fight Club', poster: null, addedAt: 'x' },
      ],
    });

    expect(withListChange(before, 'watchlist', fightClub, false).watchlist).toEqual([]);
  });

  it('leaves the TV show of the same id in the list when the movie is removed', () => {
    const show = { contentId: 550, contentType: 'tv' as const, title: 'A show', poster: null, addedAt: 'y' };
    const before = member({
      favorites: [
        show,
        { contentId: 550, contentType: 'movie', title: 'Fight Club', poster: null, addedAt: 'x' },
      ],
    });

    expect(withListChange(before, 'favorites', fightClub, false).favorites).toEqual([show]);
  });
});
