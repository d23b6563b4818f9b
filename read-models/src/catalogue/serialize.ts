/**
 * The catalogue's answers as JSON bytes. Titles arrive already rendered from their stored bytes
 * (`titleJson`, never parsed), and the answers around them are literal JSON text put together
 * here, in one place, so that each shape is written once and tested against `JSON.stringify` of
 * its contract type (serialize.test.ts, beside it).
 */
import {
  type HomeRows,
  type MovieListing,
  type SearchSuggestions,
  type Season,
  titleDate,
  titleName,
  type TitleSuggestion,
  type TitleType,
  type TvShowListing,
  yearOf,
} from '@cinefold/contracts';
import { KeptByStored } from './kept.js';
import { decodeTitle, titleJson } from './stored.js';

/** A title rendered as JSON: the bytes of one element of a contract's `Movie[]` or `TvShow[]`. */
export type RenderedTitle = Buffer;

const COMMA = Buffer.from(',');
const LIST_FIELD = { movie: 'movies', tv: 'tvShows' } as const satisfies Record<
  TitleType,
  keyof MovieListing | keyof TvShowListing
>;

/** One answer from literal JSON text and rendered JSON values. */
function bytes(...parts: (string | Buffer)[]): Buffer {
  return Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
}

/** The values with commas between them, for a JSON array. */
function commaSeparated(values: readonly Buffer[]): Buffer[] {
  return values.flatMap((value, i) => (i === 0 ? [value] : [COMMA, value]));
}

/** A JSON array of rendered titles. */
function array(titles: readonly RenderedTitle[]): (string | Buffer)[] {
  return ['[', ...commaSeparated(titles), ']'];
}

/** How many rendered titles are kept (`KeptByStored`): about 13 MB when full. */
export const RENDERED_KEPT = 10_000;
const rendered = new KeptByStored(RENDERED_KEPT, titleJson);

/** How many rendered titles are kept (for tests). */
export const keptRenderings = (): number => rendered.size;

/**
 * A title's stored document (stored.ts) as the API's JSON: the answer
 * of GET /api/movies/{id} and /api/tvshows/{id}, and each title of a listing or a row.
 */
export const renderTitle = (type: TitleType, stored: Buffer): RenderedTitle => rendered.get(type, stored);

/** How many titles' suggestion lines are kept (`KeptByStored`): about 4 MB when full. */
export const SUGGESTIONS_KEPT = 10_000;
const suggestions = new KeptByStored(SUGGESTIONS_KEPT, (type, stored): TitleSuggestion => {
  const title = decodeTitle(type, stored);
  const year = yearOf(titleDate(type, title));
  return {
    id: title.id,
    name: titleName(type, title),
    year: year ? Number(year) : null,
    poster_path: title.poster_path,
  };
});

/** How many suggestion lines are kept (for tests). */
export const keptSuggestions = (): number => suggestions.size;

/** A title's line in the search box's suggestions, from its stored document. */
export const suggestionOf = (type: TitleType, stored: Buffer): TitleSuggestion =>
  suggestions.get(type, stored);

/** GET /api/movies, /api/tvshows: a page of a listing. */
export function listingJson(
  type: TitleType,
  titles: readonly RenderedTitle[],
  { page, pages, total }: { readonly page: number; readonly pages: number; readonly total: number },
): Buffer {
  return bytes(
    `{"${LIST_FIELD[type]}":`,
    ...array(titles),
    `,"page":${JSON.stringify(page)},"pages":${JSON.stringify(pages)},"total":${JSON.stringify(total)}}`,
  );
}

/** GET /api/movies/trending/now: a row of titles. */
export function titlesJson(titles: readonly RenderedTitle[]): Buffer {
  return bytes(...array(titles));
}

/** GET /api/home: the four rows, in the contract's order. */
export function homeJson(rows: { readonly [row in keyof HomeRows]: readonly RenderedTitle[] }): Buffer {
  return bytes(
    '{"trendingMovies":',
    ...array(rows.trendingMovies),
    ',"trendingTVShows":',
    ...array(rows.trendingTVShows),
    ',"topRatedMovies":',
    ...array(rows.topRatedMovies),
    ',"topRatedTVShows":',
    ...array(rows.topRatedTVShows),
    '}',
  );
}

/** GET /api/tvshows/{id}/seasons */
export function seasonsJson(seasons: readonly Season[]): Buffer {
  return Buffer.from(JSON.stringify(seasons));
}

/** GET /api/movies/metadata/genres, /api/tvshows/metadata/genres: genre names. */
export function genresJson(names: readonly string[]): Buffer {
  return Buffer.from(JSON.stringify(names));
}

/** GET /api/search/suggestions */
export function suggestionsJson(suggestions: SearchSuggestions): Buffer {
  return Buffer.from(JSON.stringify(suggestions));
}
