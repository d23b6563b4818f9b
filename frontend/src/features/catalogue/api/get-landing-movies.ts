import type { Movie } from '@cinefold/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { landingMovieList } from '../landing-pages';
import { movieKeys } from './catalogue-keys';
import { filterQuery, type MovieFilters } from './filters';

/** GET /api/movies for a landing page: one fixed selection, just the movies. */
export function fetchLandingMovies(filters: MovieFilters, signal?: AbortSignal): Promise<Movie[]> {
  return apiClient
    .get<unknown>('/movies', { query: filterQuery(filters), signal })
    .then((body) => landingMovieList(body));
}

export function getLandingMoviesQueryOptions(filters: MovieFilters) {
  return queryOptions({
    // Kept apart from the listing's pages (same filters, different shape), but under the lists
    // so whatever refreshes the movie lists refreshes the landing pages too.
    queryKey: [...movieKeys.lists(), 'landing', filters] as const,
    queryFn: ({ signal }) => fetchLandingMovies(filters, signal),
  });
}

/**
 * The movies of a landing page. A failed call is logged by the query cache and leaves an empty
 * list (spec section 8: the page shows its empty state). `enabled: false` skips the call.
 */
export function useLandingMovies(filters: MovieFilters, enabled = true) {
  const query = useQuery({ ...getLandingMoviesQueryOptions(filters), enabled });
  return {
    isPending: enabled && query.isPending,
    movies: query.data ?? [],
  };
}
