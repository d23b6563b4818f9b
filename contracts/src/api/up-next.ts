/**
 * Up Next and "Not interested" (see docs/design.md, "Up Next"): the member's "Continue Watching"
 * row, marking titles watched, and the titles a member hides from their own pages.
 */
import { z } from 'zod';
import { contentId, contentType, listEntry } from '../vocabulary.js';
import { addToListRequest, episodeRef } from './library.js';
import { listItem } from './auth.js';

/** One item of "Continue Watching": a movie opened and not finished, or a show and its episode to watch next. */
export const upNextItem = listEntry.extend({
  /** The show's episode to open (null for a movie). */
  next: episodeRef.nullable(),
  /** When the member last viewed or marked it. */
  at: z.string(),
});
export type UpNextItem = z.infer<typeof upNextItem>;

/** GET /api/user/up-next: the row, newest first. */
export const upNextResponse = z.object({ items: z.array(upNextItem) });
export type UpNextResponse = z.infer<typeof upNextResponse>;

/** `/api/user/up-next/{contentType}/{contentId}` and `/api/user/not-interested/{contentType}/{contentId}` */
export const memberTitleParams = z.strictObject({
  contentType,
  contentId: z.string().trim().min(1).max(64, 'contentId must be at most 64 characters'),
});

/** GET /api/user/up-next/{contentType}/{contentId}: where the member is in one title. */
export const titleProgressResponse = z.object({
  /** A show's episode to open next, null when there is none (never opened, or all watched). */
  next: episodeRef.nullable(),
  /** The member has finished it: a movie marked watched, a show whose every episode listed was watched. */
  finished: z.boolean(),
});
export type TitleProgressResponse = z.infer<typeof titleProgressResponse>;

/**
 * POST /api/user/watched: a movie, or a show up to an episode (`season` and `episode`: everything
 * before it too) or to the end of a season (`season` alone), marked as watched in one action.
 */
export const markWatchedRequest = addToListRequest
  .extend({ season: episodeRef.shape.season.optional(), episode: episodeRef.shape.episode.optional() })
  .superRefine((value, context) => {
    if (value.contentType === 'movie' && (value.season !== undefined || value.episode !== undefined)) {
      context.addIssue({ code: 'custom', message: 'A movie has no seasons or episodes', path: ['season'] });
    }
    if (value.contentType === 'tv' && value.season === undefined) {
      context.addIssue({ code: 'custom', message: 'season is required for a TV show', path: ['season'] });
    }
  });
export type MarkWatchedRequest = z.input<typeof markWatchedRequest>;

/** POST /api/user/not-interested: the title to hide from the member's own rows, listings and suggestions. */
export const notInterestedRequest = addToListRequest;
export type NotInterestedRequest = z.input<typeof notInterestedRequest>;
/** GET /api/user/not-interested: newest first, for the profile's undo. */
export const notInterestedResponse = z.array(listItem);

/** What a write of this file answers: the title it was about. */
export const memberTitleAnswer = z.object({ message: z.string(), contentId, contentType });
export type MemberTitleAnswer = z.infer<typeof memberTitleAnswer>;
