import type { AdminUsersResponse } from '@cinefold/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Page size of the user table (spec section 9). */
export const ADMIN_USERS_PAGE_SIZE = 20;

export const adminUserKeys = {
  all: ['admin-users'] as const,
  lists: () => [...adminUserKeys.all, 'list'] as const,
  list: (page: number) => [...adminUserKeys.lists(), { page }] as const,
};

export function fetchAdminUsers(page: number): Promise<AdminUsersResponse> {
  return apiClient.get<AdminUsersResponse>('/admin/users', { query: { page, limit: ADMIN_USERS_PAGE_SIZE } });
}

export function getAdminUsersQueryOptions(page: number) {
  return queryOptions({
    queryKey: adminUserKeys.list(page),
    queryFn: () => fetchAdminUsers(page),
    // Keeps the table on screen while the next page loads instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(page: number) {
  return useQuery(getAdminUsersQueryOptions(page));
}
