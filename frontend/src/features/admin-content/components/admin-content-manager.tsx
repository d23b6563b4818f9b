import type { AdminContentItem } from '@cinefold/contracts';
import { listCard } from '../../../components/ui/table-styles';
import { Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutationState } from '@tanstack/react-query';
import { useState } from 'react';
import { LuChevronLeft, LuChevronRight, LuRefreshCw } from 'react-icons/lu';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { adminContentKeys } from '../api/admin-content-keys';
import { type ContentRef, contentRowKey, useDeleteContent, useSetContentHidden } from '../api/change-content';
import { useAdminContent } from '../api/get-admin-content';
import {
  adminContentParams,
  contentErrorMessage,
  type ContentFilters,
  DEFAULT_CONTENT_FILTERS,
  pageLabel,
  SEARCH_DELAY_MS,
  totalLabel,
} from '../content-query';
import { ContentFiltersBar } from './content-filters';
import { ContentTable } from './content-table';
import { AdminPageHeader } from '../../../components/ui/admin-page-header';

const DELETE_QUESTION = 'Are you sure you want to delete this item? This cannot be undone.';

/**
 * The content screen of the back office (spec section 2): filters, the table with hide, unhide
 * and delete, and pages. Any filter change starts again from page 1.
 */
export function AdminContentManager() {
  const [filters, setFilters] = useState<ContentFilters>(DEFAULT_CONTENT_FILTERS);
  const search = useDebouncedValue(filters.search, SEARCH_DELAY_MS);
  const applied: ContentFilters = { ...filters, search };
  // The page belongs to the filters it was chosen under; new filters mean page 1.
  const filterKey = JSON.stringify(adminContentParams(applied, 1));
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const goTo = (next: number) => setPaging({ filterKey, page: next });

  const content = useAdminContent(applied, page);
  const setHidden = useSetContentHidden();
  const remove = useDeleteContent();
  const [actionError, setActionError] = useState<string | null>(null);

  const busyRows = useMutationState({
    filters: { mutationKey: adminContentKeys.changes(), status: 'pending' },
    select: (mutation) => contentRowKey(mutation.state.variables as ContentRef),
  });
  const isBusy = (item: AdminContentItem) =>
    busyRows.includes(contentRowKey({ type: applied.type, id: item.id }));

  const onToggleHidden = (item: AdminContentItem) => {
    setActionError(null);
    setHidden.mutate(
      { type: applied.type, id: item.id, hidden: !item.hidden },
      { onError: (error) => setActionError(contentErrorMessage(error, 'Failed to update item')) },
    );
  };

  const onDelete = (item: AdminContentItem) => {
    if (!window.confirm(DELETE_QUESTION)) return;
    setActionError(null);
    remove.mutate(
      { type: applied.type, id: item.id },
      { onError: (error) => setActionError(contentErrorMessage(error, 'Failed to delete item')) },
    );
  };

  const data = content.data;
  const pages = data?.pages ?? 0;
  const listError = content.isError ? contentErrorMessage(content.error, 'Failed to load content') : null;

  return (
    <Stack gap="6">
      <AdminPageHeader
        title="Manage Content"
        description="Search, hide, show again and delete movies and TV shows."
      >
        <Button
          variant="outline"
          onClick={() => void content.refetch()}
          loading={content.isFetching}
          loadingText="Refresh"
        >
          <LuRefreshCw />
          Refresh
        </Button>
      </AdminPageHeader>

      <ContentFiltersBar filters={filters} onChange={setFilters} />

      <Stack gap="3">
        <Box
          {...listCard}
          opacity={content.isPlaceholderData ? 0.6 : 1}
          transition="opacity 0.2s ease"
          aria-busy={content.isFetching}
        >
          <ContentTable
            type={applied.type}
            items={data?.items ?? []}
            loading={content.isPending}
            isBusy={isBusy}
            onToggleHidden={onToggleHidden}
            onDelete={onDelete}
          />
        </Box>

        {[listError, actionError].map(
          (message) =>
            message && (
              <Text key={message} role="alert" color="red.400" fontWeight="medium">
                {message}
              </Text>
            ),
        )}

        <Flex justify="space-between" align="center" gap="4" wrap="wrap">
          <Text color="fg.muted" textStyle="sm">
            {data ? totalLabel(data.total) : '\u00a0'}
          </Text>
          <HStack as="nav" aria-label="Content pages" gap="3">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              <LuChevronLeft />
              Prev
            </Button>
            <Text textStyle="sm" color="fg.muted" aria-live="polite">
              {pageLabel(page, pages)}
            </Text>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
              Next
              <LuChevronRight />
            </Button>
          </HStack>
        </Flex>
      </Stack>
    </Stack>
  );
}
