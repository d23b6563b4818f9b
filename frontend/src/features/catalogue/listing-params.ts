import { MAX_SEARCH_LENGTH } from '@cinefold/contracts';
import { z } from 'zod';
import { MOVIE_SORTS, type MovieSort, TV_SHOW_SORTS, type TvShowSort } from './api/filters';

/** What a listing's address holds, so a filtered page can be shared and reloaded. */
export interface ListingParams<Sort extends string = MovieSort | TvShowSort> {
  readonly page: number;
  readonly search: string;
  readonly genre: string;
  readonly sort: Sort;
}

/**
 * Each field falls back on its own: a hand-edited `?page=abc&genre=Drama` still opens Drama on
 * page 1 rather than throwing the whole address away.
 */
function listingParamsSchema<Sort extends string>(sorts: readonly [Sort, ...Sort[]]) {
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
    search: z.string().trim().max(MAX_SEARCH_LENGTH).catch(''),
    genre: z.string().trim().max(60).catch(''),
    sort: z.enum(sorts).catch(sorts[0]),
  });
}

const schemas = {
  movie: listingParamsSchema<MovieSort>(MOVIE_SORTS),
  tv: listingParamsSchema<TvShowSort>(TV_SHOW_SORTS),
};

/** A search is ordered best match first unless another order was chosen; a listing by popularity. */
export const defaultSortOf = <Sort extends string>(search: string, listing: Sort): Sort | 'relevance' =>
  search.trim() ? 'relevance' : listing;

function withDefaultSort<Sort extends string>(read: ListingParams<Sort>, address: URLSearchParams) {
  const chosen = address.get('sort') === read.sort && !(read.sort === 'relevance' && !read.search);
  return chosen ? read : { ...read, sort: defaultSortOf(read.search, 'popularity') as Sort };
}

export function readMovieListingParams(params: URLSearchParams): ListingParams<MovieSort> {
  return withDefaultSort(schemas.movie.parse(Object.fromEntries(params)), params);
}

export function readTvListingParams(params: URLSearchParams): ListingParams<TvShowSort> {
  return withDefaultSort(schemas.tv.parse(Object.fromEntries(params)), params);
}

/**
 * The address for `next`: defaults are left out so the plain listing stays at `/movies`. A new
 * search, genre or sort order starts again from page 1 (spec section 2).
 */
export function listingSearchParams<Sort extends string>(
  current: ListingParams<Sort>,
  change: Partial<ListingParams<Sort>>,
  defaultSort: Sort,
): URLSearchParams {
  const filtersChanged = (['search', 'genre', 'sort'] as const).some(
    (key) => key in change && change[key] !== current[key],
  );
  const search = change.search ?? current.search;
  // An order left at its default follows the search: best match once there is one.
  const followsSearch = !('sort' in change) && current.sort === defaultSortOf(current.search, defaultSort);
  const next: ListingParams<Sort> = {
    ...current,
    ...change,
    page: change.page ?? (filtersChanged ? 1 : current.page),
    ...(followsSearch ? { sort: defaultSortOf(search, defaultSort) as Sort } : {}),
  };
  const params = new URLSearchParams();
  if (next.search.trim()) params.set('search', next.search.trim());
  if (next.genre) params.set('genre', next.genre);
  if (next.sort !== defaultSortOf(next.search, defaultSort)) params.set('sort', next.sort);
  if (next.page > 1) params.set('page', String(next.page));
  return params;
}
