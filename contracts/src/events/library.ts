/**
 * A member's library: favorites and watchlist in one stream (toggles decide against it); the watch
 * history, which only grows, in a stream of its own so that deciding a toggle never folds it.
 */
import { z } from 'zod';
import { listEntry } from '../vocabulary.js';
import { defineEvent } from './define.js';

const listAddition = /* @__PURE__ */ listEntry.extend({ userId: z.string() });
const listRemoval = z.object({ userId: z.string(), contentId: z.union([z.number(), z.string()]) });

export const FavoriteAdded = defineEvent('FavoriteAdded', listAddition);
export const FavoriteRemoved = defineEvent('FavoriteRemoved', listRemoval);
export const WatchlistItemAdded = defineEvent('WatchlistItemAdded', listAddition);
export const WatchlistItemRemoved = defineEvent('WatchlistItemRemoved', listRemoval);
export const TitleWatched = defineEvent(
  'TitleWatched',
  listAddition.extend({ progress: z.number(), completed: z.boolean() }),
);

export const libraryEvents = [
  FavoriteAdded,
  FavoriteRemoved,
  WatchlistItemAdded,
  WatchlistItemRemoved,
  TitleWatched,
] as const;

export const libraryStreams = {
  library: (userId: string) => `library-${userId}`,
  history: (userId: string) => `history-${userId}`,
} as const;
