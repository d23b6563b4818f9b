import type { Role } from '@cinefold/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminUserKeys } from './get-admin-users';

export interface RoleChange {
  readonly userId: string;
  readonly role: Role;
}

export function changeUserRole({ userId, role }: RoleChange): Promise<unknown> {
  return apiClient.put(`/admin/users/${encodeURIComponent(userId)}/role`, { role });
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.lists() }),
  });
}
