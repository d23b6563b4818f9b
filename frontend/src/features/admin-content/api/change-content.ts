import type { TitleType } from '@cinefold/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { catalogueQueryRoot } from '../../../lib/catalogue-query-root';
import { adminContentKeys } from './admin-content-keys';
import type { AdminContentPage } from './get-admin-content';

export interface ContentRef {
  readonly type: TitleType;
  readonly id: number;
}

export interface VisibilityChange extends ContentRef {
  readonly hidden: boolean;
}

/** The row a change belongs to, e.g. `movie:27205`. */
export function contentRowKey({ type, id }: ContentRef): string {
  return `${type}:${id}`;
}

function contentPath({ type, id }: ContentRef): string {
  return `/admin/content/${type}/${id}`;
}

export function setContentHidden(change: VisibilityChange): Promise<unknown> {
  return apiClient.patch(`${contentPath(change)}/hidden`, { hidden: change.hidden });
}

export function deleteContent(ref: ContentRef): Promise<unknown> {
  return apiClient.delete(contentPath(ref));
}

/**
 * Applies a change to every cached page of the table in place (spec section 4: the list updates
 * locally), marks those pages stale for their next showing, and drops the public catalogue's
 * cached reads, which the change also alters.
 */
function applyLocally(
  queryClient: QueryClient,
  type: TitleType,
  update: (page: AdminContentPage) => AdminContentPage,
) {
  queryClient.setQueriesData<AdminContentPage>(
    {
      queryKey: adminContentKeys.lists(),
      predicate: (query) => (query.queryKey[2] as { type?: string } | undefined)?.type === type,
    },
    (page) => (page ? update(page) : page),
  );
  void queryClient.invalidateQueries({ queryKey: adminContentKeys.lists(), refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: catalogueQueryRoot });
}

/** A change to one title that the table applies to its cached pages once the server has taken it. */
function useContentChange<Change extends ContentRef>(
  send: (change: Change) => Promise<unknown>,
  update: (page: AdminContentPage, change: Change) => AdminContentPage,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: adminContentKeys.changes(),
    mutationFn: send,
    onSuccess: (_answer, change) => applyLocally(queryClient, change.type, (page) => update(page, change)),
  });
}

export function useSetContentHidden() {
  return useContentChange(setContentHidden, (page, change) => ({
    ...page,
    items: page.items.map((item) => (item.id === change.id ? { ...item, hidden: change.hidden } : item)),
  }));
}

export function useDeleteContent() {
  return useContentChange(deleteContent, (page, ref) => {
    const items = page.items.filter((item) => item.id !== ref.id);
    const removed = page.items.length - items.length;
    return { ...page, items, total: page.total === null ? null : Math.max(0, page.total - removed) };
  });
}
