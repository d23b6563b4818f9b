import type { AdminMessagesResponse } from '@cinefold/contracts';
import { useQuery } from '@tanstack/react-query';
import { pagedListKeys, pagedListQuery } from '../../../lib/paged-list-query';

export const adminMessageKeys = pagedListKeys('admin-messages');

export function useAdminMessages(page: number) {
  return useQuery(
    pagedListQuery<AdminMessagesResponse>(adminMessageKeys.list(page), '/admin/messages', { page }),
  );
}
