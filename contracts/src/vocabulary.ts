/**
 * The product's own words, each defined once: the kinds of title, a member's role, the names of a
 * member's lists and what one entry of a list holds. Requests, answers, events, read-model keys
 * and screens all take their types from here, so a new kind of title or list is one change.
 */
import { z } from 'zod';

export const TITLE_TYPES = ['movie', 'tv'] as const;
/** The kind of a title, as the admin screens and uploads name it (`type`). */
export const titleType = z.enum(TITLE_TYPES, { error: 'type must be movie or tv' });
export type TitleType = z.infer<typeof titleType>;
/** The same, as the member's lists name it (`contentType`). */
export const contentType = z.enum(TITLE_TYPES, { error: 'contentType must be movie or tv' });

export const ROLES = ['admin', 'user'] as const;
export const role = z.enum(ROLES, { error: 'role must be admin or user' });
export type Role = z.infer<typeof role>;

/** The lists a member keeps by hand: a title is in one or it is not. */
export const LIST_NAMES = ['favorites', 'watchlist'] as const;
export const listName = z.enum(LIST_NAMES);
export type ListName = z.infer<typeof listName>;
/** Every list of a member's library: the two kept by hand, and the watch history, which only grows. */
export type LibraryListName = ListName | 'history';

/** A title's id as clients send it: TMDB ids are numbers, but any short id is accepted. */
export const contentId = z.union([
  z.number().int('contentId must be a whole number').nonnegative('contentId must not be negative'),
  z.string().trim().min(1, 'contentId is required').max(64, 'contentId must be at most 64 characters'),
]);
export type ContentId = z.infer<typeof contentId>;

/**
 * What names one entry of a member's list: a title's type and its id together, since TMDB numbers
 * movies and TV shows separately (the movie 1399 and the show 1399 are two titles). The id is
 * taken as text, so 550 and "550" are one entry.
 */
export const listEntryKey = (type: TitleType, id: ContentId): string => `${type}:${String(id)}`;

/**
 * A title as a member's lists hold it: enough to show its card without reading the catalogue,
 * which may have changed or lost the title since.
 */
export const listEntry = z.object({
  contentId,
  contentType,
  title: z.string(),
  poster: z.string().nullable(),
});
export type ListEntry = z.infer<typeof listEntry>;

export const IMPORT_MODES = ['append', 'replace'] as const;
export const importMode = z.enum(IMPORT_MODES, { error: 'mode must be append or replace' });
export type ImportMode = z.infer<typeof importMode>;
