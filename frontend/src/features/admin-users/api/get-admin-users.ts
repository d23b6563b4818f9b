import type { AdminUsersResponse } from '@cinefold/contracts';
import { useQuery } from '@tanstack/react-query';
import { pagedListQuery } from '../../../lib/paged-list-query';

/** Page size of the user table (spec section 9). */
export const ADMIN_USERS_PAGE_SIZE = 20;

export const adminUserKeys = {
  all: ['admin-users'] as const,
  lists: () => [...adminUserKeys.all, 'list'] as const,
  list: (page: number) => [...adminUserKeys.lists(), { page }] as const,
};

export function useAdminUsers(page: number) {
  return useQuery(
    pagedListQuery<AdminUsersResponse>(adminUserKeys.list(page), '/admin/users', {
      page,
      limit: ADMIN_USERS_PAGE_SIZE,
    }),
  );
}
