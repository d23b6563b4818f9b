/**
 * The member's own data: lists brought in from files (Letterboxd, IMDb, Trakt exports), lists
 * taken out as files, and the account closed by its owner.
 */
import { z } from 'zod';
import { contentType } from '../vocabulary.js';
import { uploadForm } from './common.js';

/** The lists a file can be imported into: watch history, watchlist or favorites. */
export const LIST_IMPORT_TARGETS = ['history', 'watchlist', 'favorites'] as const;
export const listImportTarget = z.enum(LIST_IMPORT_TARGETS, {
  error: 'list must be history, watchlist or favorites',
});
export type ListImportTarget = z.infer<typeof listImportTarget>;

/** The files a member can bring in, as the preview names them. */
export const LIST_FILE_FORMATS = ['letterboxd', 'imdb', 'trakt'] as const;
export type ListFileFormat = (typeof LIST_FILE_FORMATS)[number];

/**
 * Titles one list (favorites, watchlist) may hold. Far more than anyone keeps by hand (the
 * profile shows them all), and it bounds what every read of the list costs.
 */
export const LIST_LIMIT = 5000;
/** Titles one file may hold: a list's limit (the watch history has the same one per import). */
export const LIST_FILE_MAX_TITLES = LIST_LIMIT;
/** Bytes one file may weigh: a 5,000-title IMDb export is about 1 MB. */
export const LIST_FILE_MAX_BYTES = 4 * 1024 * 1024;

/** A title of the catalogue a row of the file may be. */
export const listFileCandidate = z.object({
  contentType,
  contentId: z.number().int(),
  title: z.string(),
  year: z.string().nullable(),
  poster: z.string().nullable(),
});
export type ListFileCandidate = z.infer<typeof listFileCandidate>;

/** One row of the file, as found: matched (one candidate), ambiguous (several), not found (none). */
export const listFileRow = z.object({
  /** The row's line in the file (1 is the header of a CSV). */
  line: z.number().int(),
  title: z.string(),
  year: z.string().nullable(),
  status: z.enum(['matched', 'ambiguous', 'not-found']),
  /** How it was matched: by the TMDB id, the IMDb id, or its title and year. */
  by: z.enum(['tmdb', 'imdb', 'title']).nullable(),
  candidates: z.array(listFileCandidate),
});
export type ListFileRow = z.infer<typeof listFileRow>;

/** POST /api/user/imports (multipart: file, list): what the file holds, before anything is written. */
export const listImportPreview = z.object({
  previewId: z.string(),
  format: z.enum(LIST_FILE_FORMATS),
  list: listImportTarget,
  rows: z.array(listFileRow),
  counts: z.object({ matched: z.number(), ambiguous: z.number(), notFound: z.number() }),
  /** How long the preview is kept to be imported (ISO time). */
  expiresAt: z.string(),
});
export type ListImportPreview = z.infer<typeof listImportPreview>;

export const listImportUploadFields = z.object({ list: listImportTarget });

/** The form of POST /api/user/imports: a member's list file, for one of their lists. */
export function listFileForm(file: Blob, fileName: string, list: ListImportTarget): FormData {
  const fields: z.input<typeof listImportUploadFields> = { list };
  return uploadForm(fields, file, fileName);
}

export const listImportParams = z.object({ previewId: z.string().uuid('There is no such import.') });

/**
 * POST /api/user/imports/{previewId}: import the matched rows and, for ambiguous rows, the
 * candidate chosen (`"movie:603"` by line); ambiguous rows left out are not imported.
 */
export const listImportRequest = z.strictObject({
  choices: z
    .record(z.string().regex(/^\d+$/, 'choices are keyed by line'), z.string().regex(/^(movie|tv):\d+$/))
    .default({}),
});
export type ListImportRequest = z.infer<typeof listImportRequest>;

/** The import's job, as POST and GET /api/user/imports/{previewId} answer it. */
export const listImportStatus = z.object({
  jobId: z.string(),
  list: listImportTarget,
  state: z.enum(['queued', 'active', 'completed', 'failed']),
  /** 0 to 100. */
  progress: z.number(),
  /** Titles added to the list; titles already in it are counted in `kept`. */
  added: z.number(),
  kept: z.number(),
  message: z.string().optional(),
});
export type ListImportStatus = z.infer<typeof listImportStatus>;

/** GET /api/user/export.csv?list=…: the list in Letterboxd's import format. */
export const listExportQuery = z.object({ list: listImportTarget });
export const LETTERBOXD_IMPORT_COLUMNS = ['Title', 'Year', 'tmdbID', 'WatchedDate'] as const;

/** DELETE /api/auth/me: the account closed by its owner, who gives the password. */
export const deleteAccountRequest = z.strictObject({
  password: z.string({ error: 'Please enter your password.' }).min(1, 'Please enter your password.').max(200),
});
