import type { Movie } from '@cinefold/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { movieKeys } from './catalogue-keys';
import { filterQuery, type MovieFilters } from './filters';

export interface MoviesPage {
  readonly movies: Movie[];
  readonly page: number;
  readonly pages: number;
  readonly total: number;
}

export function fetchMovies(filters: MovieFilters, signal?: AbortSignal): Promise<MoviesPage> {
  return apiClient.get<MoviesPage>('/movies', { query: filterQuery(filters), signal });
}

export function getMoviesQueryOptions(filters: MovieFilters) {
  return queryOptions({
    queryKey: movieKeys.list(filters),
    queryFn: ({ signal }) => fetchMovies(filters, signal),
  });
}

/** One page of the movie listing: the previous page stays on screen while the next one loads. */
export function useMoviesPage(filters: MovieFilters) {
  return useQuery({ ...getMoviesQueryOptions(filters), placeholderData: keepPreviousData });
}

export function fetchMovieGenres(signal?: AbortSignal): Promise<string[]> {
  return apiClient.get<string[]>('/movies/metadata/genres', { signal });
}

export function getMovieGenresQueryOptions() {
  return queryOptions({
    queryKey: movieKeys.genres(),
    queryFn: ({ signal }) => fetchMovieGenres(signal),
    // The genre list only changes with an import; it need not be asked for on every visit.
    staleTime: 10 * 60_000,
  });
}

export function useMovieGenres() {
  return useQuery(getMovieGenresQueryOptions());
}
