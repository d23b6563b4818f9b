/**
 * A member's favorites and watchlist (the `library-{userId}` stream). Adding a title twice keeps
 * one; removing one that is not there is refused, so a client learns its view was stale.
 */
import type { CinefoldEvent, ListEntry, ListItem, ListName } from '@cinefold/contracts';
import { Rejection, type StoredEvent } from '@cinefold/platform';

export interface LibraryState {
  readonly favorites: ReadonlyMap<string, ListItem>;
  readonly watchlist: ReadonlyMap<string, ListItem>;
}

/** Ids arrive as numbers (TMDB) or strings (a URL segment): one key for both. */
export const entryKey = (contentId: number | string) => String(contentId);

export function foldLibrary(events: readonly StoredEvent[]): LibraryState {
  const favorites = new Map<string, ListItem>();
  const watchlist = new Map<string, ListItem>();
  for (const stored of events) {
    const event = stored.event;
    switch (event?.type) {
      case 'FavoriteAdded':
      case 'WatchlistItemAdded': {
        const { userId: _, ...item } = event.data;
        (event.type === 'FavoriteAdded' ? favorites : watchlist).set(entryKey(item.contentId), {
          ...item,
          addedAt: stored.metadata.occurredAt,
        });
        break;
      }
      case 'FavoriteRemoved':
        favorites.delete(entryKey(event.data.contentId));
        break;
      case 'WatchlistItemRemoved':
        watchlist.delete(entryKey(event.data.contentId));
        break;
    }
  }
  return { favorites, watchlist };
}

export type LibraryCommand =
  | {
      readonly type: 'AddToList';
      readonly userId: string;
      readonly list: ListName;
      readonly item: ListEntry;
    }
  | {
      readonly type: 'RemoveFromList';
      readonly userId: string;
      readonly list: ListName;
      readonly contentId: string;
    };

/**
 * Titles one list may hold. Far more than anyone keeps by hand (the profile shows them all), and
 * it bounds what every read of the list costs.
 */
export const LIST_LIMIT = 5000;

export function decideLibrary(state: LibraryState, command: LibraryCommand): CinefoldEvent[] {
  switch (command.type) {
    case 'AddToList': {
      if (state[command.list].has(entryKey(command.item.contentId))) return [];
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
    case 'RemoveFromList': {
      const existing = state[command.list].get(entryKey(command.contentId));
      if (!existing) throw new Rejection('not-found', `That title is not in your ${command.list}.`);
      const data = { userId: command.userId, contentId: existing.contentId };
      return [
        command.list === 'favorites'
          ? { type: 'FavoriteRemoved', data }
          : { type: 'WatchlistItemRemoved', data },
      ];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
