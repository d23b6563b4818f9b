import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminUserKeys } from './get-admin-users';

export function deleteUser(userId: string): Promise<unknown> {
  return apiClient.delete(`/admin/users/${encodeURIComponent(userId)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.lists() }),
  });
}
