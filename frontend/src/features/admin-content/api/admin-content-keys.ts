import { adminContentQueryRoot } from '../../../lib/admin-content-query-root';
import type { QueryParams } from '../../../lib/api-client';

export const adminContentKeys = {
  all: adminContentQueryRoot,
  lists: () => [...adminContentKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...adminContentKeys.lists(), params] as const,
  /** Hide, unhide and delete share this key, so the table can tell which rows have one running. */
  changes: () => [...adminContentKeys.all, 'change'] as const,
};
