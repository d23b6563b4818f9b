import type { Role } from '@cinefold/contracts';
import { apiClient } from '../../../lib/api-client';
import { useChangeMutation } from '../../../lib/change-mutation';
import { adminUserKeys } from './get-admin-users';

export interface RoleChange {
  readonly userId: string;
  readonly role: Role;
}

export function changeUserRole({ userId, role }: RoleChange): Promise<unknown> {
  return apiClient.put(`/admin/users/${encodeURIComponent(userId)}/role`, { role });
}

export function useChangeUserRole() {
  return useChangeMutation(changeUserRole, adminUserKeys.lists());
}
