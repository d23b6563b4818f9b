import type { AdminUsersResponse } from '@cinefold/contracts';
import { useQuery } from '@tanstack/react-query';
import { pagedListKeys, pagedListQuery } from '../../../lib/paged-list-query';

export const adminUserKeys = pagedListKeys('admin-users');

export function useAdminUsers(page: number) {
  return useQuery(pagedListQuery<AdminUsersResponse>(adminUserKeys.list(page), '/admin/users', { page }));
}
