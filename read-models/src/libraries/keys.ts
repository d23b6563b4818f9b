import type { LibraryListName, ListName } from '@cinefold/contracts';

/** The libraries read model: each member's favorites, watchlist and watch history. */
export const LIBRARIES = {
  projector: 'libraries',
  /** Hash `listEntryKey(contentType, contentId)` (`movie:550`) → a stored list item (stored.ts). */
  list: (userId: string, list: ListName) => ['user', userId, list],
  /** List of stored history entries (stored.ts), newest first. */
  history: (userId: string) => ['user', userId, 'history' satisfies LibraryListName],
} as const;
