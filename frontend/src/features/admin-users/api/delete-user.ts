import { apiClient } from '../../../lib/api-client';
import { useChangeMutation } from '../../../lib/change-mutation';
import { adminUserKeys } from './get-admin-users';

export function deleteUser(userId: string): Promise<unknown> {
  return apiClient.delete(`/admin/users/${encodeURIComponent(userId)}`);
}

export function useDeleteUser() {
  return useChangeMutation(deleteUser, adminUserKeys.lists());
}
