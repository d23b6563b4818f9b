import type { AdminContentResponse } from '@cinefold/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminContentParams, type ContentFilters } from '../content-query';
import { adminContentKeys } from './admin-content-keys';

/** The list as the screen reads it: the spec allows a total of null ('Fast mode'). */
export type AdminContentPage = Omit<AdminContentResponse, 'total'> & { total: number | null };

export function fetchAdminContent(filters: ContentFilters, page: number): Promise<AdminContentPage> {
  return apiClient.get<AdminContentPage>('/admin/content', { query: adminContentParams(filters, page) });
}

export function getAdminContentQueryOptions(filters: ContentFilters, page: number) {
  return queryOptions({
    queryKey: adminContentKeys.list(adminContentParams(filters, page)),
    queryFn: () => fetchAdminContent(filters, page),
    // Keeps the rows on screen while another page or filter loads.
    placeholderData: keepPreviousData,
    // The back office wants what is there now, not what was there a minute ago.
    staleTime: 0,
  });
}

export function useAdminContent(filters: ContentFilters, page: number) {
  return useQuery(getAdminContentQueryOptions(filters, page));
}
