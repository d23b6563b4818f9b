import type { CinefoldEvent } from '@cinefold/contracts';
import { Rejection, type StoredEvent } from '@cinefold/platform';
import { describe, expect, it } from 'vitest';
import { type RoleEvent, rolesDecider } from '../src/accounts/roles.js';
import { type UserEvent, userDecider } from '../src/accounts/user.js';
import { LIST_LIMIT, type LibraryEvent, libraryDecider } from '../src/library/library.js';
import { type Decider, foldEvents } from '../src/shared/run-command.js';

let position = 0n;
/** Past events as a stream would hold them. */
function stored(events: CinefoldEvent[]): StoredEvent[] {
  return events.map((event, i) => ({
    id: `e${i}`,
    stream: 's',
    revision: BigInt(i),
    position: { commit: ++position, prepare: position },
    type: event.type,
    metadata: {
      occurredAt: `2026-01-0${i + 1}T00:00:00.000Z`,
      actor: 'test',
      correlationId: 'c',
      causationId: null,
    },
    event,
  }));
}

/**
 * given(past events).when(command).then(new events) — or .thenRejects(message). Each is checked
 * twice: on the state folded from the events, and on that state after a trip through its
 * snapshot's JSON, as a decision on a long stream sees it.
 */
function specification<State, Command, Event extends CinefoldEvent>(decider: Decider<State, Command, Event>) {
  const states = (given: CinefoldEvent[]) => {
    const folded = foldEvents(decider, stored(given));
    const { toJSON, fromJSON } = decider.snapshot;
    return [folded, fromJSON(JSON.parse(JSON.stringify(toJSON(folded))))];
  };
  return (given: CinefoldEvent[]) => ({
    when: (command: Command) => ({
      then: (expected: Event[]) => {
        for (const state of states(given)) expect(decider.decide(state, command)).toEqual(expected);
      },
      thenRejects: (message: RegExp) => {
        for (const state of states(given)) {
          expect(() => decider.decide(state, command)).toThrow(Rejection);
          expect(() => decider.decide(state, command)).toThrow(message);
        }
      },
    }),
  });
}

const user = specification(userDecider);
const roles = specification(rolesDecider);
const library = specification(libraryDecider);

const registered = (userId: string): UserEvent => ({
  type: 'UserRegistered',
  data: { userId, name: 'Ann', email: 'ann@example.com', passwordHash: '$2b$10$hash' },
});
const granted = (userId: string): RoleEvent => ({ type: 'AdminRoleGranted', data: { userId } });
const inception = { contentId: 27205, contentType: 'movie' as const, title: 'Inception', poster: '/i.jpg' };

describe('a user', () => {
  it('registers once', () => {
    user([])
      .when({
        type: 'RegisterUser',
        userId: 'u1',
        name: 'Ann',
        email: 'ann@example.com',
        passwordHash: '$2b$10$hash',
      })
      .then([registered('u1')]);
  });
  it('cannot register twice on the same stream', () => {
    user([registered('u1')])
      .when({ type: 'RegisterUser', userId: 'u1', name: 'Ann', email: 'a@b.c', passwordHash: 'h' })
      .thenRejects(/already exists/);
  });
  it('is deleted when active', () => {
    user([registered('u1')])
      .when({ type: 'DeleteUser', userId: 'u1' })
      .then([{ type: 'UserDeleted', data: { userId: 'u1' } }]);
  });
  it('cannot be deleted twice', () => {
    user([registered('u1'), { type: 'UserDeleted', data: { userId: 'u1' } }])
      .when({ type: 'DeleteUser', userId: 'u1' })
      .thenRejects(/no such user/);
  });
});

describe('a user’s reset links and settings', () => {
  const at = (iso: string) => new Date(iso);
  const asked = (tokenHash: string, expiresAt: string): UserEvent => ({
    type: 'PasswordResetRequested',
    data: { userId: 'u1', tokenHash, expiresAt },
  });
  const newPassword = (resetTokenHash: string | null, tokenVersion = 1): UserEvent[] => [
    { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: '$2b$10$new', resetTokenHash } },
    { type: 'SessionsEnded', data: { userId: 'u1', tokenVersion } },
  ];
  const reset = (tokenHash: string, now: string) =>
    ({ type: 'ResetPassword', tokenHash, passwordHash: '$2b$10$new', now: at(now) }) as const;

  it('sets a new password with the pending link before it expires, ending every session', () => {
    user([registered('u1'), asked('h1', '2026-02-01T01:00:00.000Z')])
      .when(reset('h1', '2026-02-01T00:59:59.000Z'))
      .then(newPassword('h1'));
  });
  it('refuses the link at its expiry, a link used once, a link superseded, and a link of a deleted member', () => {
    const base = [registered('u1'), asked('h1', '2026-02-01T01:00:00.000Z')];
    user(base)
      .when(reset('h1', '2026-02-01T01:00:00.000Z'))
      .thenRejects(/not valid or has expired/);
    user([...base, ...newPassword('h1')])
      .when(reset('h1', '2026-02-01T00:10:00.000Z'))
      .thenRejects(/not valid/);
    user([...base, asked('h2', '2026-02-01T02:00:00.000Z')])
      .when(reset('h1', '2026-02-01T00:10:00.000Z'))
      .thenRejects(/not valid/);
    user([...base, { type: 'UserDeleted', data: { userId: 'u1' } }])
      .when(reset('h1', '2026-02-01T00:10:00.000Z'))
      .thenRejects(/not valid/);
    user([registered('u1')])
      .when(reset('h1', '2026-02-01T00:10:00.000Z'))
      .thenRejects(/not valid/);
  });
  it('voids a pending link when the password is changed from the settings', () => {
    user([registered('u1'), asked('h1', '2026-02-01T01:00:00.000Z'), ...newPassword(null)])
      .when(reset('h1', '2026-02-01T00:10:00.000Z'))
      .thenRejects(/not valid/);
  });
  it('changes the password from the settings only against the hash the current one was checked with', () => {
    user([registered('u1')])
      .when({ type: 'ChangePassword', currentPasswordHash: '$2b$10$hash', passwordHash: '$2b$10$new' })
      .then(newPassword(null));
    user([registered('u1'), ...newPassword(null)])
      .when({ type: 'ChangePassword', currentPasswordHash: '$2b$10$hash', passwordHash: '$2b$10$other' })
      .thenRejects(/changed meanwhile/);
  });
  it('renames, and records nothing for the same name', () => {
    user([registered('u1')])
      .when({ type: 'Rename', name: 'Annie' })
      .then([{ type: 'UserRenamed', data: { userId: 'u1', name: 'Annie' } }]);
    user([registered('u1')])
      .when({ type: 'Rename', name: 'Ann' })
      .then([]);
  });
  it('changes the address only with the pending confirmation link, before it expires', () => {
    const requested: UserEvent = {
      type: 'EmailChangeRequested',
      data: {
        userId: 'u1',
        email: 'new@example.com',
        tokenHash: 'e1',
        expiresAt: '2026-02-01T01:00:00.000Z',
      },
    };
    user([registered('u1'), requested])
      .when({ type: 'ConfirmEmailChange', tokenHash: 'e1', now: at('2026-02-01T00:30:00.000Z') })
      .then([
        {
          type: 'EmailChanged',
          data: { userId: 'u1', email: 'new@example.com', previousEmail: 'ann@example.com' },
        },
      ]);
    user([registered('u1'), requested])
      .when({ type: 'ConfirmEmailChange', tokenHash: 'e1', now: at('2026-02-01T01:00:00.000Z') })
      .thenRejects(/not valid/);
    user([registered('u1'), requested])
      .when({ type: 'ConfirmEmailChange', tokenHash: 'other', now: at('2026-02-01T00:30:00.000Z') })
      .thenRejects(/not valid/);
    user([
      registered('u1'),
      requested,
      {
        type: 'EmailChanged',
        data: { userId: 'u1', email: 'new@example.com', previousEmail: 'ann@example.com' },
      },
    ])
      .when({ type: 'ConfirmEmailChange', tokenHash: 'e1', now: at('2026-02-01T00:30:00.000Z') })
      .thenRejects(/not valid/);
  });
});

describe('the admin roles', () => {
  it('grant admin to a member', () => {
    roles([granted('a1')])
      .when({ type: 'ChangeRole', userId: 'u1', role: 'admin' })
      .then([granted('u1')]);
  });
  it('do nothing when the member already has the role', () => {
    roles([granted('a1')])
      .when({ type: 'ChangeRole', userId: 'a1', role: 'admin' })
      .then([]);
    roles([granted('a1')])
      .when({ type: 'ChangeRole', userId: 'u1', role: 'user' })
      .then([]);
  });
  it('demote an admin while another admin remains', () => {
    roles([granted('a1'), granted('a2')])
      .when({ type: 'ChangeRole', userId: 'a1', role: 'user' })
      .then([{ type: 'AdminRoleRevoked', data: { userId: 'a1' } }]);
  });
  it('refuse to demote the last admin', () => {
    roles([granted('a1'), granted('a2'), { type: 'AdminRoleRevoked', data: { userId: 'a2' } }])
      .when({ type: 'ChangeRole', userId: 'a1', role: 'user' })
      .thenRejects(/last admin/);
  });
  it('refuse to let the last admin be deleted, and let any other go', () => {
    roles([granted('a1')])
      .when({ type: 'RemoveDeletedUser', userId: 'a1' })
      .thenRejects(/last admin cannot be deleted/);
    roles([granted('a1')])
      .when({ type: 'RemoveDeletedUser', userId: 'u1' })
      .then([]);
  });
});

describe('a member library', () => {
  it('adds a title to favorites', () => {
    library([])
      .when({ type: 'AddToList', userId: 'u1', list: 'favorites', item: inception })
      .then([{ type: 'FavoriteAdded', data: { userId: 'u1', ...inception } }]);
  });
  it('keeps one entry when the same title is added twice, whatever the id type', () => {
    library([{ type: 'FavoriteAdded', data: { userId: 'u1', ...inception } }])
      .when({
        type: 'AddToList',
        userId: 'u1',
        list: 'favorites',
        item: { ...inception, contentId: '27205' },
      })
      .then([]);
  });
  it('keeps favorites and watchlist apart', () => {
    library([{ type: 'FavoriteAdded', data: { userId: 'u1', ...inception } }])
      .when({ type: 'AddToList', userId: 'u1', list: 'watchlist', item: inception })
      .then([{ type: 'WatchlistItemAdded', data: { userId: 'u1', ...inception } }]);
  });
  it('removes a title that is in the list, by its id as text', () => {
    library([{ type: 'WatchlistItemAdded', data: { userId: 'u1', ...inception } }])
      .when({ type: 'RemoveFromList', userId: 'u1', list: 'watchlist', contentId: '27205' })
      .then([
        { type: 'WatchlistItemRemoved', data: { userId: 'u1', contentId: 27205, contentType: 'movie' } },
      ]);
  });
  it('refuses to remove a title that is not in the list', () => {
    library([
      { type: 'FavoriteAdded', data: { userId: 'u1', ...inception } },
      { type: 'FavoriteRemoved', data: { userId: 'u1', contentId: 27205, contentType: 'movie' } },
    ])
      .when({ type: 'RemoveFromList', userId: 'u1', list: 'favorites', contentId: '27205' })
      .thenRejects(/not in your favorites/);
  });
  const thrones = { contentId: 1399, contentType: 'tv' as const, title: 'Game of Thrones', poster: null };
  const thronesFilm = { ...thrones, contentType: 'movie' as const, title: 'Thrones (the film)' };
  const favorited = (item: typeof thrones | typeof thronesFilm): LibraryEvent => ({
    type: 'FavoriteAdded',
    data: { userId: 'u1', ...item },
  });
  const unfavorited = (contentType: 'movie' | 'tv' | null): LibraryEvent => ({
    type: 'FavoriteRemoved',
    data: { userId: 'u1', contentId: 1399, contentType },
  });

  it('keeps the movie and the TV show of one id as two entries', () => {
    library([favorited(thronesFilm)])
      .when({ type: 'AddToList', userId: 'u1', list: 'favorites', item: thrones })
      .then([favorited(thrones)]);
    library([favorited(thronesFilm), favorited(thrones)])
      .when({ type: 'AddToList', userId: 'u1', list: 'favorites', item: { ...thrones, contentId: '1399' } })
      .then([]);
  });
  it('removes the type asked for and leaves the other title of that id', () => {
    library([favorited(thrones), favorited(thronesFilm)])
      .when({ type: 'RemoveFromList', userId: 'u1', list: 'favorites', contentId: '1399', contentType: 'tv' })
      .then([unfavorited('tv')]);
    library([favorited(thrones), unfavorited('tv')])
      .when({ type: 'RemoveFromList', userId: 'u1', list: 'favorites', contentId: '1399', contentType: 'tv' })
      .thenRejects(/not in your favorites/);
    library([favorited(thronesFilm)])
      .when({ type: 'RemoveFromList', userId: 'u1', list: 'favorites', contentId: '1399', contentType: 'tv' })
      .thenRejects(/not in your favorites/);
  });
  it('removes, when no type is named, the one entry of that id, or of two the one added last', () => {
    library([favorited(thronesFilm)])
      .when({ type: 'RemoveFromList', userId: 'u1', list: 'favorites', contentId: '1399' })
      .then([unfavorited('movie')]);
    library([favorited(thrones), favorited(thronesFilm)])
      .when({ type: 'RemoveFromList', userId: 'u1', list: 'favorites', contentId: '1399' })
      .then([unfavorited('movie')]);
    library([favorited(thronesFilm), favorited(thrones)])
      .when({ type: 'RemoveFromList', userId: 'u1', list: 'favorites', contentId: '1399' })
      .then([unfavorited('tv')]);
  });
  it('takes, for a removal recorded before entries had a type, the one entry of its id', () => {
    library([favorited(thrones), unfavorited(null)])
      .when({ type: 'AddToList', userId: 'u1', list: 'favorites', item: thrones })
      .then([favorited(thrones)]);
    library([favorited(thronesFilm), unfavorited(null)])
      .when({ type: 'RemoveFromList', userId: 'u1', list: 'favorites', contentId: '1399' })
      .thenRejects(/not in your favorites/);
  });
  it('adds the titles of a file that are not in the list yet, each once, or none of them past the limit', () => {
    const imported = { type: 'AddManyToList' as const, userId: 'u1', list: 'favorites' as const };
    library([favorited(thrones)])
      .when({ ...imported, items: [thrones, thronesFilm, inception, thronesFilm] })
      .then([favorited(thronesFilm), { type: 'FavoriteAdded', data: { userId: 'u1', ...inception } }]);
    library([favorited(thrones), favorited(thronesFilm)])
      .when({ ...imported, items: [thrones, thronesFilm] })
      .then([]);
    const almostFull: CinefoldEvent[] = Array.from({ length: LIST_LIMIT - 1 }, (_, i) => ({
      type: 'FavoriteAdded',
      data: { userId: 'u1', ...inception, contentId: 100_000 + i },
    }));
    library(almostFull)
      .when({ ...imported, items: [thrones, thronesFilm, { ...inception, contentId: 100_000 }] })
      .thenRejects(/past 5,000 titles \(4,999 now, 2 to add\)/);
    library(almostFull)
      .when({ ...imported, items: [thrones, { ...inception, contentId: 100_000 }] })
      .then([favorited(thrones)]);
  });
  it('refuses a title once a list holds 5,000, and takes one again after a removal', () => {
    const full: CinefoldEvent[] = Array.from({ length: LIST_LIMIT }, (_, i) => ({
      type: 'FavoriteAdded',
      data: { userId: 'u1', ...inception, contentId: i + 1 },
    }));
    expect(LIST_LIMIT).toBe(5000);
    library(full)
      .when({ type: 'AddToList', userId: 'u1', list: 'favorites', item: inception })
      .thenRejects(/Your favorites are full \(5,000 titles\)\. Remove some to add more\./);
    // Adding one that is already there is still fine, and the other list is not affected.
    library(full)
      .when({ type: 'AddToList', userId: 'u1', list: 'favorites', item: { ...inception, contentId: 1 } })
      .then([]);
    library(full)
      .when({ type: 'AddToList', userId: 'u1', list: 'watchlist', item: inception })
      .then([{ type: 'WatchlistItemAdded', data: { userId: 'u1', ...inception } }]);
    library([
      ...full,
      { type: 'FavoriteRemoved', data: { userId: 'u1', contentId: 1, contentType: 'movie' } },
    ])
      .when({ type: 'AddToList', userId: 'u1', list: 'favorites', item: inception })
      .then([{ type: 'FavoriteAdded', data: { userId: 'u1', ...inception } }]);
  });
});
