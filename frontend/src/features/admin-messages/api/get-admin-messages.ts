import type { AdminMessagesResponse } from '@cinefold/contracts';
import { useQuery } from '@tanstack/react-query';
import { pagedListQuery } from '../../../lib/paged-list-query';

/** Messages a page: the same size as the user table. */
export const ADMIN_MESSAGES_PAGE_SIZE = 20;

export const adminMessageKeys = {
  all: ['admin-messages'] as const,
  lists: () => [...adminMessageKeys.all, 'list'] as const,
  list: (page: number) => [...adminMessageKeys.lists(), { page }] as const,
};

export function useAdminMessages(page: number) {
  return useQuery(
    pagedListQuery<AdminMessagesResponse>(adminMessageKeys.list(page), '/admin/messages', {
      page,
      limit: ADMIN_MESSAGES_PAGE_SIZE,
    }),
  );
}
