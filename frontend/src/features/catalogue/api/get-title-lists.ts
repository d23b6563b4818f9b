import type { Movie, TvShow } from '@cinefold/contracts';
import { keepPreviousData, queryOptions, type QueryKey, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { movieKeys, tvShowKeys } from './catalogue-keys';
import { filterQuery, type ListFilters, type MovieSort, type TvShowSort } from './filters';

export interface MoviesPage {
  readonly movies: Movie[];
  readonly page: number;
  readonly pages: number;
  readonly total: number;
}

export interface TvShowsPage {
  readonly tvShows: TvShow[];
  readonly page: number;
  readonly pages: number;
  readonly total: number;
}

interface ListKeys<Filters> {
  readonly list: (filters: Filters) => QueryKey;
  readonly genres: () => QueryKey;
}

/** The listing of one kind of title at `path` (GET /api/movies, /api/tvshows): its pages and its genres. */
function titleListApi<Sort extends string, Page>(path: string, keys: ListKeys<ListFilters<Sort>>) {
  return {
    /** One page of the listing: the previous page stays on screen while the next one loads. */
    usePage: (filters: ListFilters<Sort>) =>
      useQuery({
        ...queryOptions({
          queryKey: keys.list(filters),
          queryFn: ({ signal }) => apiClient.get<Page>(path, { query: filterQuery(filters), signal }),
        }),
        placeholderData: keepPreviousData,
      }),
    useGenres: () =>
      useQuery(
        queryOptions({
          queryKey: keys.genres(),
          queryFn: ({ signal }) => apiClient.get<string[]>(`${path}/metadata/genres`, { signal }),
          // The genre list only changes with an import; it need not be asked for on every visit.
          staleTime: 10 * 60_000,
        }),
      ),
  };
}

export const movieListApi = titleListApi<MovieSort, MoviesPage>('/movies', movieKeys);
export const tvShowListApi = titleListApi<TvShowSort, TvShowsPage>('/tvshows', tvShowKeys);
