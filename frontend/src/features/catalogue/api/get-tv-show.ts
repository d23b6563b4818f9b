import type { Season, TvShow } from '@cinefold/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { tvShowKeys } from './catalogue-keys';
import { isTitleId } from './title-id';

export function fetchTvShow(id: string, signal?: AbortSignal): Promise<TvShow> {
  return apiClient.get<TvShow>(`/tvshows/${encodeURIComponent(id)}`, { signal });
}

export function getTvShowQueryOptions(id: string) {
  return queryOptions({ queryKey: tvShowKeys.detail(id), queryFn: ({ signal }) => fetchTvShow(id, signal) });
}

export function useTvShow(id: string | undefined) {
  const valid = isTitleId(id);
  return useQuery({ ...getTvShowQueryOptions(valid ? id : ''), enabled: valid });
}

/** The show's seasons with their episode counts; season 0 (specials) never appears. */
export function fetchSeasons(id: string, signal?: AbortSignal): Promise<Season[]> {
  return apiClient.get<Season[]>(`/tvshows/${encodeURIComponent(id)}/seasons`, { signal });
}

export function getSeasonsQueryOptions(id: string) {
  return queryOptions({
    queryKey: tvShowKeys.seasons(id),
    queryFn: ({ signal }) => fetchSeasons(id, signal),
  });
}

export function useSeasons(id: string | undefined) {
  const valid = isTitleId(id);
  return useQuery({ ...getSeasonsQueryOptions(valid ? id : ''), enabled: valid });
}
