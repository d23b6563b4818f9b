import { z } from 'zod';
import { pageQuery } from './admin-users.js';
import { contentId, contentType, listEntry, listName } from '../vocabulary.js';
import { listItem } from './auth.js';

const title = z.string().trim().max(300, 'title must be at most 300 characters').default('');
const poster = z.string().trim().max(500, 'poster must be at most 500 characters').nullable().default(null);

/** POST /api/user/favorites and /api/user/watchlist */
export const addToListRequest = z.strictObject({ ...listEntry.shape, title, poster });
export type AddToListRequest = z.input<typeof addToListRequest>;

const episodeNumber = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(10_000, `${name} must be at most 10000`);
const seasonNumber = episodeNumber('season');
/** An episode of a show: the one a view opened, or the one to watch next. */
export const episodeRef = z.strictObject({ season: seasonNumber, episode: episodeNumber('episode') });
export type EpisodeRef = z.infer<typeof episodeRef>;

/** POST /api/user/watch-history */
export const recordViewRequest = z.strictObject({
  ...listEntry.shape,
  title,
  poster,
  progress: z
    .number()
    .min(0, 'progress must be between 0 and 100')
    .max(100, 'progress must be between 0 and 100')
    .default(0),
  completed: z.boolean().default(false),
  /** A show's episode the view opened (Up Next follows it); beyond the spec's body, optional. */
  episode: episodeRef.nullable().default(null),
});
export type RecordViewRequest = z.input<typeof recordViewRequest>;

/** DELETE /api/user/favorites/{contentId} and /api/user/watchlist/{contentId} */
export const listItemParams = z.strictObject({
  contentId: z.string().trim().min(1).max(64, 'contentId must be at most 64 characters'),
});
/**
 * `?contentType=movie|tv`: which of the two titles of that id. Without it the one entry of that
 * id is removed, and when the list holds both, the one added last.
 */
export const listItemQuery = z.strictObject({ contentType: contentType.optional() });

/** What a removal answers: what it removed, since without a contentType the server chose. */
export const removedFromListResponse = z.object({ message: z.string(), contentId, contentType });
export type RemovedFromListResponse = z.infer<typeof removedFromListResponse>;

/** GET /api/user/favorites and /api/user/watchlist: newest first. */
export const listResponse = z.array(listItem);

/** An entry of the watch history: one per view, newest first. */
export const historyEntry = /* @__PURE__ */ listEntry.extend({
  progress: z.number(),
  completed: z.boolean(),
  watchedAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;
export const historyResponse = z.array(historyEntry);

/** GET /api/user/activity: the member's list changes, newest first (the activity read model). */
export const activityEntry = z.object({
  action: z.enum(['added', 'removed']),
  list: listName,
  contentId,
  contentType: contentType.nullable(),
  title: z.string().nullable(),
  at: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;
export const activityResponse = z.array(activityEntry);

/**
 * GET /api/user/activity?page=&limit=: one page of the list changes, newest first. Without them
 * the first page of 50, which is what the profile shows.
 */
export const activityQuery = z.strictObject(pageQuery(50).shape);
