/**
 * A member's favorites and watchlist (the `library-{userId}` stream). An entry is a title's type
 * and id together (`listEntryKey`): the movie 1399 and the TV show 1399 are two entries. Adding
 * a title twice keeps one; removing one that is not there is refused, so a client learns its view
 * was stale.
 */
import {
  type ContentId,
  type ListEntry,
  type ListName,
  LIST_LIMIT,
  listEntryKey,
  TITLE_TYPES,
  type TitleType,
} from '@cinefold/contracts';
import { Rejection } from '@cinefold/platform';
import { type AggregateEvent, type Decider, type EventOf, unknownInput } from '../shared/run-command.js';
import { ListEntries, type ListedTitle } from './list-entries.js';

/** The events of a member's library stream. */
export const libraryEventTypes = [
  'FavoriteAdded',
  'FavoriteRemoved',
  'WatchlistItemAdded',
  'WatchlistItemRemoved',
] as const;
export type LibraryEvent = EventOf<(typeof libraryEventTypes)[number]>;

export type LibraryState = { readonly [List in ListName]: ListEntries };

export const emptyLibrary: LibraryState = { favorites: ListEntries.empty, watchlist: ListEntries.empty };

const listOf = (type: LibraryEvent['type']): ListName =>
  type.startsWith('Favorite') ? 'favorites' : 'watchlist';

export function evolveLibrary(state: LibraryState, stored: AggregateEvent<LibraryEvent>): LibraryState {
  const event = stored.event;
  switch (event.type) {
    case 'FavoriteAdded':
    case 'WatchlistItemAdded': {
      const list = listOf(event.type);
      const { contentId, contentType } = event.data;
      const entry: ListedTitle = {
        contentId,
        contentType,
        addedAt: stored.metadata.occurredAt,
        added: Number(stored.revision),
      };
      return { ...state, [list]: state[list].with(listEntryKey(contentType, contentId), entry) };
    }
    case 'FavoriteRemoved':
    case 'WatchlistItemRemoved': {
      const list = listOf(event.type);
      const { contentId, contentType } = event.data;
      // Recorded before entries had a type (null): the list held one entry of that id, and this took it.
      let entries = state[list];
      for (const type of contentType === null ? TITLE_TYPES : [contentType]) {
        entries = entries.without(listEntryKey(type, contentId));
      }
      return { ...state, [list]: entries };
    }
    default:
      return unknownInput('event', event);
  }
}

export type LibraryCommand =
  | {
      readonly type: 'AddToList';
      readonly userId: string;
      readonly list: ListName;
      readonly item: ListEntry;
    }
  /**
   * Titles brought in from a file: those already in the list are left as they are; the others
   * are added in the order given, all or none (refused when they would take the list past its
   * limit).
   */
  | {
      readonly type: 'AddManyToList';
      readonly userId: string;
      readonly list: ListName;
      readonly items: readonly ListEntry[];
    }
  | {
      readonly type: 'RemoveFromList';
      readonly userId: string;
      readonly list: ListName;
      readonly contentId: ContentId;
      /** Absent: the entry of that id, and when the list holds both types, the one added last. */
      readonly contentType?: TitleType | undefined;
    };

export { LIST_LIMIT };

/** The entry a removal takes, if the list holds it. */
export function entryToRemove(
  entries: ListEntries,
  contentId: ContentId,
  contentType?: TitleType,
): ListedTitle | undefined {
  if (contentType) return entries.get(listEntryKey(contentType, contentId));
  let found: ListedTitle | undefined;
  for (const type of TITLE_TYPES) {
    const entry = entries.get(listEntryKey(type, contentId));
    if (entry && (!found || entry.added > found.added)) found = entry;
  }
  return found;
}

export function decideLibrary(state: LibraryState, command: LibraryCommand): LibraryEvent[] {
  switch (command.type) {
    case 'AddToList': {
      const { contentType, contentId } = command.item;
      if (state[command.list].has(listEntryKey(contentType, contentId))) return [];
      if (state[command.list].size >= LIST_LIMIT) {
        throw new Rejection(
          'conflict',
          `Your ${command.list === 'favorites' ? 'favorites are' : 'watchlist is'} full (${LIST_LIMIT.toLocaleString('en-US')} titles). Remove some to add more.`,
        );
      }
      const data = { userId: command.userId, ...command.item };
      return [
        command.list === 'favorites' ? { type: 'FavoriteAdded', data } : { type: 'WatchlistItemAdded', data },
      ];
    }
    case 'AddManyToList': {
      const fresh = new Map<string, ListEntry>();
      for (const item of command.items) {
        const key = listEntryKey(item.contentType, item.contentId);
        if (!state[command.list].has(key) && !fresh.has(key)) fresh.set(key, item);
      }
      if (fresh.size === 0) return [];
      const size = state[command.list].size;
      if (size + fresh.size > LIST_LIMIT) {
        throw new Rejection(
          'conflict',
          `This would take your ${command.list} past ${LIST_LIMIT.toLocaleString('en-US')} titles (${size.toLocaleString('en-US')} now, ${fresh.size.toLocaleString('en-US')} to add). Remove some titles, or import a shorter file.`,
        );
      }
      return [...fresh.values()].map((item) => {
        const data = { userId: command.userId, ...item };
        return command.list === 'favorites'
          ? { type: 'FavoriteAdded' as const, data }
          : { type: 'WatchlistItemAdded' as const, data };
      });
    }
    case 'RemoveFromList': {
      const existing = entryToRemove(state[command.list], command.contentId, command.contentType);
      if (!existing) throw new Rejection('not-found', `That title is not in your ${command.list}.`);
      const data = {
        userId: command.userId,
        contentId: existing.contentId,
        contentType: existing.contentType,
      };
      return [
        command.list === 'favorites'
          ? { type: 'FavoriteRemoved', data }
          : { type: 'WatchlistItemRemoved', data },
      ];
    }
    default:
      return unknownInput('command', command);
  }
}

/** A list in a snapshot: one `[contentId, contentType, addedAt, added]` per entry. */
type SnapshotList = [ContentId, TitleType, string, number][];

const listToJSON = (entries: ListEntries): SnapshotList =>
  [...entries.entries()].map(([, e]) => [e.contentId, e.contentType, e.addedAt, e.added]);

const listFromJSON = (rows: SnapshotList): ListEntries =>
  ListEntries.of(
    rows.map(([contentId, contentType, addedAt, added]) => [
      listEntryKey(contentType, contentId),
      { contentId, contentType, addedAt, added },
    ]),
  );

export const libraryDecider: Decider<LibraryState, LibraryCommand, LibraryEvent> = {
  events: libraryEventTypes,
  initialState: emptyLibrary,
  evolve: evolveLibrary,
  decide: decideLibrary,
  snapshot: {
    version: 1,
    toJSON: (state) => ({ favorites: listToJSON(state.favorites), watchlist: listToJSON(state.watchlist) }),
    fromJSON: (json) => {
      const { favorites, watchlist } = json as Record<ListName, SnapshotList>;
      return { favorites: listFromJSON(favorites), watchlist: listFromJSON(watchlist) };
    },
  },
};
