/**
 * What a member does to their own rows beyond watching: finishing titles by hand, taking an item
 * off "Continue Watching", and saying a title does not interest them. The first two go to the
 * member's history stream beside `TitleWatched` (nothing to decide: the history only grows); the
 * titles a member is not interested in are a stream of their own (`preferences-{userId}`), decided
 * like the favorites.
 */
import { z } from 'zod';
import { contentId, contentType, listEntry } from '../vocabulary.js';
import { defineEvent } from './define.js';

const member = { userId: z.string() };
/** Everything up to `episode` of `season` (every season before it too); `episode` null: the whole season. */
export const watchedThrough = z.object({
  season: z.number().int().min(1),
  episode: z.number().int().min(1).nullable(),
});
export type WatchedThrough = z.infer<typeof watchedThrough>;

/** A movie, or a show up to an episode (or a season's end), marked as watched in one action. */
export const TitleMarkedWatched = defineEvent(
  'TitleMarkedWatched',
  listEntry.extend({ ...member, through: watchedThrough.nullable() }),
);
/** A title taken off the member's "Continue Watching" row; the history keeps it. A later view brings it back. */
export const UpNextItemDismissed = defineEvent(
  'UpNextItemDismissed',
  z.object({ ...member, contentId, contentType }),
);
/** A title hidden from the member's own rows, listings and suggestions. */
export const NotInterestedAdded = defineEvent('NotInterestedAdded', listEntry.extend(member));
export const NotInterestedRemoved = defineEvent(
  'NotInterestedRemoved',
  z.object({ ...member, contentId, contentType }),
);

export const upNextEvents = [
  TitleMarkedWatched,
  UpNextItemDismissed,
  NotInterestedAdded,
  NotInterestedRemoved,
] as const;

export const upNextStreams = {
  preferences: (userId: string) => `preferences-${userId}`,
} as const;
