import type { AdminMessagesResponse } from '@cinefold/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Messages a page: the same size as the user table. */
export const ADMIN_MESSAGES_PAGE_SIZE = 20;

export const adminMessageKeys = {
  all: ['admin-messages'] as const,
  lists: () => [...adminMessageKeys.all, 'list'] as const,
  list: (page: number) => [...adminMessageKeys.lists(), { page }] as const,
};

export function fetchAdminMessages(page: number): Promise<AdminMessagesResponse> {
  return apiClient.get<AdminMessagesResponse>('/admin/messages', {
    query: { page, limit: ADMIN_MESSAGES_PAGE_SIZE },
  });
}

export function getAdminMessagesQueryOptions(page: number) {
  return queryOptions({
    queryKey: adminMessageKeys.list(page),
    queryFn: () => fetchAdminMessages(page),
    // Keeps the messages on screen while the next page loads instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
}

export function useAdminMessages(page: number) {
  return useQuery(getAdminMessagesQueryOptions(page));
}
