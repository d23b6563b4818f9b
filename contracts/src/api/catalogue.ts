import { z } from 'zod';
import { importMode, type ImportMode, titleType, type TitleType } from '../vocabulary.js';
import { groupThousands } from '../text.js';
import { pageQuery } from './admin-users.js';
import { uploadForm } from './common.js';

const text = z.string();
const path = z.string().nullable();
const date = z.string().nullable();
const num = z.number();

/** A movie as the API shows it (spec section 3), plus popularity for sorting screens. */
export const movieRecord = z.object({
  id: z.number().int().positive(),
  title: text,
  overview: text,
  tagline: text,
  poster_path: path,
  backdrop_path: path,
  release_date: date,
  runtime: num,
  vote_average: num,
  vote_count: num,
  /** Comma-separated, as in the datasets: "Action, Science Fiction". */
  genres: text,
  status: text,
  original_language: text,
  budget: num,
  revenue: num,
  production_companies: text,
  homepage: text,
  imdb_id: text,
  popularity: num,
  adult: z.boolean(),
});
export type Movie = z.infer<typeof movieRecord>;

/** A TV show as the API shows it (spec section 3). */
export const tvRecord = z.object({
  id: z.number().int().positive(),
  name: text,
  overview: text,
  tagline: text,
  poster_path: path,
  backdrop_path: path,
  first_air_date: date,
  last_air_date: date,
  vote_average: num,
  vote_count: num,
  genres: text,
  number_of_seasons: num,
  number_of_episodes: num,
  status: text,
  type: text,
  networks: text,
  created_by: text,
  production_companies: text,
  original_language: text,
  homepage: text,
  in_production: z.boolean(),
  popularity: num,
  episode_run_time: num,
  adult: z.boolean(),
});
export type TvShow = z.infer<typeof tvRecord>;

/** A title's name: a movie's title, a show's name. */
export function titleName(type: TitleType, title: Movie | TvShow): string {
  return type === 'movie' ? (title as Movie).title : (title as TvShow).name;
}

/** A title's date: a movie's release, a show's first air date. */
export function titleDate(type: TitleType, title: Movie | TvShow): string | null {
  return type === 'movie' ? (title as Movie).release_date : (title as TvShow).first_air_date;
}

/** The year a date starts with ("2010" of "2010-07-15"), or '' when it starts with none. */
export function yearOf(date: string | null | undefined): string {
  return /^\d{4}/.exec(date?.trim() ?? '')?.[0] ?? '';
}

export type CatalogueTitle = Movie | TvShow;

/** Derived from number_of_seasons and number_of_episodes (the TV schema has no per-season counts). */
export interface Season {
  season_number: number;
  episode_count: number;
}

/** GET /api/movies: one page of a listing. */
export interface MovieListing {
  movies: Movie[];
  page: number;
  pages: number;
  total: number;
}

/** GET /api/tvshows: one page of a listing. */
export interface TvShowListing {
  tvShows: TvShow[];
  page: number;
  pages: number;
  total: number;
}

/** GET /api/home: four rows, the first trending movie being the home hero. */
export interface HomeRows {
  trendingMovies: Movie[];
  trendingTVShows: TvShow[];
  topRatedMovies: Movie[];
  topRatedTVShows: TvShow[];
}

export const MAX_SEARCH_LENGTH = 200;

const SORTS = {
  relevance: 'relevance',
  popularity: 'popularity',
  rating: 'rating',
  release_date: 'date',
  first_air_date: 'date',
  title: 'title',
  name: 'title',
} as const;
export type CatalogueSort = (typeof SORTS)[keyof typeof SORTS];

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * How deep a public listing can be paged: `page × limit` titles. The site never pages further
 * (a search, genre or year narrows a listing long before), and each deeper page costs the
 * catalogue a larger intersection.
 */
export const MAX_LISTING_DEPTH = 10_000;

/** GET /api/movies and /api/tvshows; unknown fields are refused, so none can vary the answer cache. */
export const catalogueQuery = z
  .strictObject({
    ...pageQuery(20).shape,
    search: optionalText(MAX_SEARCH_LENGTH, 'search'),
    genre: optionalText(60, 'genre'),
    sortBy: z
      .enum(Object.keys(SORTS) as [keyof typeof SORTS, ...(keyof typeof SORTS)[]], {
        error: 'sortBy must be relevance, popularity, rating, release_date (first_air_date) or title (name)',
      })
      .optional()
      .transform((v): CatalogueSort | undefined => (v ? SORTS[v] : undefined)),
    year: z.coerce
      .number({ error: 'year must be a number' })
      .int('year must be a whole number')
      .min(1800, 'year must be between 1800 and 2100')
      .max(2100, 'year must be between 1800 and 2100')
      .optional(),
  })
  .refine((query) => query.page * query.limit <= MAX_LISTING_DEPTH, {
    path: ['page'],
    message: `page is too deep: only the first ${groupThousands(MAX_LISTING_DEPTH)} titles of a listing can be paged through (narrow it with a search, genre or year)`,
  })
  // A search is ranked by relevance unless another order is asked; a listing by popularity. Set
  // here, so that a query spelt with or without its default order is one query (one cached answer).
  .overwrite((query) => ({ ...query, sortBy: query.sortBy ?? (query.search ? 'relevance' : 'popularity') }));
export type CatalogueQuery = z.output<typeof catalogueQuery>;

/** How many titles of each type the header's search box suggests at most. */
export const MAX_SUGGESTIONS = 8;

/** GET /api/search/suggestions: titles as a visitor types, for the search box in every page's header. */
export const suggestionsQuery = z.strictObject({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(1, 'q must not be empty')
    .max(MAX_SEARCH_LENGTH, `q must be at most ${MAX_SEARCH_LENGTH} characters`),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${MAX_SUGGESTIONS}`)
    .max(MAX_SUGGESTIONS, `limit must be between 1 and ${MAX_SUGGESTIONS}`)
    .default(5),
});
export type SuggestionsQuery = z.output<typeof suggestionsQuery>;

/** A suggested title: enough for a line of the list (poster, name, year) and its page. */
export interface TitleSuggestion {
  id: number;
  /** The movie's title or the show's name. */
  name: string;
  /** Of its release or first air date; null when it has none. */
  year: number | null;
  poster_path: string | null;
}

/** The answer of GET /api/search/suggestions: the best matches of each type, best first. */
export interface SearchSuggestions {
  movies: TitleSuggestion[];
  tvShows: TitleSuggestion[];
}

/** Routes that take no query: any field is refused (it would only vary the answer cache). */
export const noQuery = z.strictObject({});

export const titleIdParams = z.strictObject({
  id: z.string().regex(/^\d{1,10}$/, 'id must be a number'),
});

const ADMIN_SORTS = {
  relevance: 'relevance',
  createdAt: 'created',
  popularity: 'popularity',
  rating: 'rating',
  views: 'views',
  title: 'title',
  name: 'title',
} as const;
export type AdminContentSort = (typeof ADMIN_SORTS)[keyof typeof ADMIN_SORTS];

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'dates must look like 2024-01-31')
  .optional()
  .or(z.literal('').transform(() => undefined));

/** GET /api/admin/content */
export const adminContentQuery = pageQuery(20)
  .extend({
    type: titleType.default('movie'),
    search: optionalText(MAX_SEARCH_LENGTH, 'search'),
    hidden: z.enum(['all', 'true', 'false'], { error: 'hidden must be all, true or false' }).default('all'),
    sortBy: z
      .enum(Object.keys(ADMIN_SORTS) as [keyof typeof ADMIN_SORTS, ...(keyof typeof ADMIN_SORTS)[]], {
        error: 'sortBy must be relevance, createdAt, popularity, rating, views, title or name',
      })
      .optional()
      .transform((v): AdminContentSort | undefined => (v ? ADMIN_SORTS[v] : undefined)),
    dateFrom: isoDate,
    dateTo: isoDate,
    /** Sent by the admin screen; totals are always exact here, so it changes nothing. */
    fast: z.string().optional(),
  })
  // A search is ranked by relevance unless another order is asked; the list by when titles came.
  .overwrite((query) => ({ ...query, sortBy: query.sortBy ?? (query.search ? 'relevance' : 'created') }));
export type AdminContentQuery = z.output<typeof adminContentQuery>;

export interface AdminContentItem {
  id: number;
  title?: string;
  name?: string;
  poster_path: string | null;
  popularity: number;
  vote_average: number;
  views: number;
  hidden: boolean;
  overview: string;
  release_date?: string | null;
  first_air_date?: string | null;
  genres: { name: string }[];
}

export interface AdminContentResponse {
  items: AdminContentItem[];
  page: number;
  pages: number;
  total: number;
}

export const contentParams = z.strictObject({
  type: titleType,
  id: z.string().regex(/^\d{1,10}$/, 'id must be a number'),
});

/** PATCH /api/admin/content/{type}/{id}/hidden */
export const setHiddenRequest = z.strictObject({
  hidden: z.boolean({ error: 'hidden must be true or false' }),
});

/** POST /api/admin/datasets/upload (multipart fields besides `file`) */
export const uploadFields = z.object({
  type: titleType,
  mode: importMode.default('append'),
});

/** The form of POST /api/admin/datasets/upload: a CSV of one kind, appended unless told. */
export function datasetUploadForm(
  file: Blob,
  fileName: string,
  { type, mode = 'append' }: { type: TitleType; mode?: ImportMode },
): FormData {
  const fields: z.input<typeof uploadFields> = { type, mode };
  return uploadForm(fields, file, fileName);
}

export interface RejectedRow {
  line: number;
  reason: string;
}

/** The upload's answer, and GET /api/admin/datasets/jobs/{id}. */
export interface ImportJobStatus {
  jobId: string;
  type: TitleType;
  mode: ImportMode;
  state: 'queued' | 'running' | 'completed' | 'failed';
  processed: number;
  rejected: number;
  /** The first rejected rows, with line numbers and reasons. */
  rejections: RejectedRow[];
  /** 0..1, by bytes read. */
  progress: number;
  error?: string;
}

/** The status of an import no worker has started on yet: nothing read, nothing rejected. */
export function queuedImport(jobId: string, type: TitleType, mode: ImportMode): ImportJobStatus {
  return { jobId, type, mode, state: 'queued', processed: 0, rejected: 0, rejections: [], progress: 0 };
}
