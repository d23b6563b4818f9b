import type { Movie } from '@cinefold/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { movieKeys } from './catalogue-keys';
import { isTitleId } from './title-id';

export function fetchMovie(id: string, signal?: AbortSignal): Promise<Movie> {
  return apiClient.get<Movie>(`/movies/${encodeURIComponent(id)}`, { signal });
}

export function getMovieQueryOptions(id: string) {
  return queryOptions({ queryKey: movieKeys.detail(id), queryFn: ({ signal }) => fetchMovie(id, signal) });
}

export function useMovie(id: string | undefined) {
  const valid = isTitleId(id);
  return useQuery({ ...getMovieQueryOptions(valid ? id : ''), enabled: valid });
}
