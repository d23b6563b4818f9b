/** What the movie list can be asked for (GET /api/movies); left-out fields use the API's defaults. */
/** `relevance` orders a search best match first; without a search it is popularity. */
export const MOVIE_SORTS = ['popularity', 'rating', 'release_date', 'title', 'relevance'] as const;
export type MovieSort = (typeof MOVIE_SORTS)[number];

export const TV_SHOW_SORTS = ['popularity', 'rating', 'first_air_date', 'name', 'relevance'] as const;
export type TvShowSort = (typeof TV_SHOW_SORTS)[number];

export interface ListFilters<Sort extends string> {
  readonly page?: number;
  /** At most 100 (the API's limit). */
  readonly limit?: number;
  readonly search?: string;
  /** A genre name, any case; short names such as 'Sci-Fi' work too. */
  readonly genre?: string;
  readonly sortBy?: Sort;
  readonly year?: number;
}

export type MovieFilters = ListFilters<MovieSort>;
export type TvShowFilters = ListFilters<TvShowSort>;

/** The query string for a filter set: empty values are left out rather than sent blank. */
export function filterQuery<Sort extends string>(
  filters: ListFilters<Sort>,
): Record<string, string | number | undefined> {
  return {
    page: filters.page,
    limit: filters.limit,
    search: filters.search?.trim() || undefined,
    genre: filters.genre?.trim() || undefined,
    sortBy: filters.sortBy,
    year: filters.year,
  };
}
