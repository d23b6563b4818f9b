import type { TvShow } from '@cinefold/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { tvShowKeys } from './catalogue-keys';
import { filterQuery, type TvShowFilters } from './filters';

export interface TvShowsPage {
  readonly tvShows: TvShow[];
  readonly page: number;
  readonly pages: number;
  readonly total: number;
}

export function fetchTvShows(filters: TvShowFilters, signal?: AbortSignal): Promise<TvShowsPage> {
  return apiClient.get<TvShowsPage>('/tvshows', { query: filterQuery(filters), signal });
}

export function getTvShowsQueryOptions(filters: TvShowFilters) {
  return queryOptions({
    queryKey: tvShowKeys.list(filters),
    queryFn: ({ signal }) => fetchTvShows(filters, signal),
  });
}

/** One page of the TV listing: the previous page stays on screen while the next one loads. */
export function useTvShowsPage(filters: TvShowFilters) {
  return useQuery({ ...getTvShowsQueryOptions(filters), placeholderData: keepPreviousData });
}

export function fetchTvShowGenres(signal?: AbortSignal): Promise<string[]> {
  return apiClient.get<string[]>('/tvshows/metadata/genres', { signal });
}

export function getTvShowGenresQueryOptions() {
  return queryOptions({
    queryKey: tvShowKeys.genres(),
    queryFn: ({ signal }) => fetchTvShowGenres(signal),
    staleTime: 10 * 60_000,
  });
}

export function useTvShowGenres() {
  return useQuery(getTvShowGenresQueryOptions());
}
