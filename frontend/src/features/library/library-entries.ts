import { type HistoryEntry, type ListEntry, type ListItem, listEntryKey } from '@cinefold/contracts';

export const LIBRARY_TABS = ['watch-history', 'favorites', 'watchlist'] as const;
export type LibraryTab = (typeof LIBRARY_TABS)[number];

export function isLibraryTab(value: string | null): value is LibraryTab {
  return (LIBRARY_TABS as readonly (string | null)[]).includes(value);
}

/** One card of the profile grid, whichever list it came from. */
export interface LibraryEntry extends Readonly<ListEntry> {
  readonly key: string;
  /** When it was watched (history) or added (favorites, watchlist). */
  readonly at: string;
}

export function fromListItems(items: readonly ListItem[]): LibraryEntry[] {
  return items.map((item) => ({
    key: listEntryKey(item.contentType, item.contentId),
    contentId: item.contentId,
    contentType: item.contentType,
    title: item.title,
    poster: item.poster,
    at: item.addedAt,
  }));
}

/** The history holds one entry per view, so the same title can appear more than once. */
export function fromWatchHistory(entries: readonly HistoryEntry[]): LibraryEntry[] {
  return entries.map((entry, index) => ({
    key: `${listEntryKey(entry.contentType, entry.contentId)}:${entry.watchedAt}:${index}`,
    contentId: entry.contentId,
    contentType: entry.contentType,
    title: entry.title,
    poster: entry.poster,
    at: entry.watchedAt,
  }));
}
