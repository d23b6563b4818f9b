import type { CinefoldEvent } from '@cinefold/contracts';
import { Rejection, type StoredEvent } from '@cinefold/platform';
import { describe, expect, it } from 'vitest';
import { decideRoles, foldAdmins, type RoleCommand } from '../src/accounts/roles.js';
import { decideUser, foldUser, type UserCommand } from '../src/accounts/user.js';
import { decideLibrary, foldLibrary, LIST_LIMIT, type LibraryCommand } from '../src/library/library.js';

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

/** given(past events).when(command).then(new events) — or .thenRejects(message). */
function specification<State, Command>(
  fold: (e: StoredEvent[]) => State,
  decide: (s: State, c: Command) => CinefoldEvent[],
) {
  return (given: CinefoldEvent[]) => ({
    when: (command: Command) => ({
      then: (expected: CinefoldEvent[]) => expect(decide(fold(stored(given)), command)).toEqual(expected),
      thenRejects: (message: RegExp) => {
        expect(() => decide(fold(stored(given)), command)).toThrow(Rejection);
        expect(() => decide(fold(stored(given)), command)).toThrow(message);
      },
    }),
  });
}

const user = specification<ReturnType<typeof foldUser>, UserCommand>(foldUser, decideUser);
const roles = specification<ReturnType<typeof foldAdmins>, RoleCommand>(foldAdmins, decideRoles);
const library = specification<ReturnType<typeof foldLibrary>, LibraryCommand>(foldLibrary, decideLibrary);

const registered = (userId: string): CinefoldEvent => ({
  type: 'UserRegistered',
  data: { userId, name: 'Ann', email: 'ann@example.com', passwordHash: '$2b$10$hash' },
});
const granted = (userId: string): CinefoldEvent => ({ type: 'AdminRoleGranted', data: { userId } });
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
      .then([{ type: 'WatchlistItemRemoved', data: { userId: 'u1', contentId: 27205 } }]);
  });
  it('refuses to remove a title that is not in the list', () => {
    library([
      { type: 'FavoriteAdded', data: { userId: 'u1', ...inception } },
      { type: 'FavoriteRemoved', data: { userId: 'u1', contentId: 27205 } },
    ])
      .when({ type: 'RemoveFromList', userId: 'u1', list: 'favorites', contentId: '27205' })
      .thenRejects(/not in your favorites/);
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
    library([...full, { type: 'FavoriteRemoved', data: { userId: 'u1', contentId: 1 } }])
      .when({ type: 'AddToList', userId: 'u1', list: 'favorites', item: inception })
      .then([{ type: 'FavoriteAdded', data: { userId: 'u1', ...inception } }]);
  });
});
