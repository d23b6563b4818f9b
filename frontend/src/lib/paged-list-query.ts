import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';
import { apiClient, type QueryParams } from './api-client';

/** Rows a page of every back-office list (spec section 9). */
export const ADMIN_PAGE_SIZE = 20;

/**
 * The query keys of a back-office list read a page at a time: `lists()` covers every page, so a
 * change made on one page invalidates them all.
 */
export function pagedListKeys<const Root extends string>(root: Root) {
  const all = [root] as const;
  const lists = () => [...all, 'list'] as const;
  return { all, lists, list: (page: number) => [...lists(), { page }] as const };
}

/**
 * The query of one page of a back-office list (GET `path`), `ADMIN_PAGE_SIZE` rows long: the page
 * on screen stays while the next one loads, instead of a spinner flashing in its place.
 */
export function pagedListQuery<Answer>(queryKey: QueryKey, path: string, query: QueryParams) {
  return queryOptions({
    queryKey,
    queryFn: () => apiClient.get<Answer>(path, { query: { ...query, limit: ADMIN_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}
