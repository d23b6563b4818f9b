import type { Movie, TvShow } from '@cinefold/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { homeKeys } from './catalogue-keys';

/** GET /api/home: four rows of twenty, the first trending movie being the home hero. */
export interface HomeRows {
  readonly trendingMovies: Movie[];
  readonly trendingTVShows: TvShow[];
  readonly topRatedMovies: Movie[];
  readonly topRatedTVShows: TvShow[];
}

export function fetchHomeRows(signal?: AbortSignal): Promise<HomeRows> {
  return apiClient.get<HomeRows>('/home', { signal });
}

export function getHomeRowsQueryOptions() {
  return queryOptions({ queryKey: homeKeys.all, queryFn: ({ signal }) => fetchHomeRows(signal) });
}

export function useHomeRows() {
  return useQuery(getHomeRowsQueryOptions());
}
