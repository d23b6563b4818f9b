import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';
import { apiClient, type QueryParams } from './api-client';

/**
 * The query of one page of a back-office list (GET `path`): the page on screen stays while the
 * next one loads, instead of a spinner flashing in its place.
 */
export function pagedListQuery<Answer>(queryKey: QueryKey, path: string, query: QueryParams) {
  return queryOptions({
    queryKey,
    queryFn: () => apiClient.get<Answer>(path, { query }),
    placeholderData: keepPreviousData,
  });
}
