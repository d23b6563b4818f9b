/**
 * A member's library: favorites and watchlist in one stream (toggles decide against it); the watch
 * history, which only grows, in a stream of its own so that deciding a toggle never folds it.
 */
import { z } from 'zod';
import { contentType, listEntry } from '../vocabulary.js';
import { defineEvent } from './define.js';

const listAddition = /* @__PURE__ */ listEntry.extend({ userId: z.string() });
/**
 * A removal names the entry it removes by type and id (version 2). Version 1 named the id alone:
 * a list then held one entry per id, and a removal took that one; it reads with `contentType`
 * null, "the entry of this id, whatever its type", which is the same entry.
 */
const listRemoval = z.object({
  userId: z.string(),
  contentId: z.union([z.number(), z.string()]),
  contentType: contentType.nullable(),
});
const removal = {
  version: 2,
  upcasters: { 1: (data: unknown) => ({ ...(data as object), contentType: null }) },
};

export const FavoriteAdded = defineEvent('FavoriteAdded', listAddition);
export const FavoriteRemoved = defineEvent('FavoriteRemoved', listRemoval, removal);
export const WatchlistItemAdded = defineEvent('WatchlistItemAdded', listAddition);
export const WatchlistItemRemoved = defineEvent('WatchlistItemRemoved', listRemoval, removal);
/** Which episode of a show a view opened (version 2); version 1 did not say, and reads with `episode` null. */
export const watchedEpisode = z.object({ season: z.number().int().min(1), episode: z.number().int().min(1) });
export type WatchedEpisode = z.infer<typeof watchedEpisode>;
/**
 * A view. `watchedAt` (ISO) is set when the view is older than its event: one brought in from a
 * file (a Letterboxd or Trakt export) keeps the day the file gives; otherwise the view is when the
 * event occurred. `episode` says which episode of a show it opened (version 2).
 */
export const TitleWatched = defineEvent(
  'TitleWatched',
  listAddition.extend({
    progress: z.number(),
    completed: z.boolean(),
    watchedAt: z.string().optional(),
    episode: watchedEpisode.nullable(),
  }),
  { version: 2, upcasters: { 1: (data: unknown) => ({ ...(data as object), episode: null }) } },
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
