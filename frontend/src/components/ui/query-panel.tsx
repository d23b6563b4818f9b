import { Box, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { listCard } from './table-styles';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export interface QueryPanelProps<Data> {
  readonly query: UseQueryResult<Data>;
  /** The spinner's accessible name, e.g. "Loading users". */
  readonly loadingLabel: string;
  /** What a failed load says, above its "Try again". */
  readonly errorText: string;
  /** Announce a failed load to screen readers (role="alert"). */
  readonly errorAlert?: boolean;
  /** Shown instead of `children` when the answer holds nothing to list. */
  readonly empty: (data: Data) => ReactNode | null;
  readonly children: (data: Data) => ReactNode;
}

/**
 * The card a back-office list sits in: a spinner until the first answer, the failure with
 * "Try again", the empty text, or the list; dimmed while the next page loads over the last one.
 */
export function QueryPanel<Data>({
  query,
  loadingLabel,
  errorText,
  errorAlert = false,
  empty,
  children,
}: QueryPanelProps<Data>) {
  const emptyText = query.data === undefined ? null : empty(query.data);
  return (
    <Box {...listCard} opacity={query.isPlaceholderData ? 0.6 : 1} transition="opacity 0.2s ease">
      {query.isPending ? (
        <Center py="20" role="status" aria-label={loadingLabel}>
          <Spinner size="lg" color="brand.500" />
        </Center>
      ) : query.isError ? (
        <Stack align="center" gap="4" py="16" textAlign="center" {...(errorAlert ? { role: 'alert' } : {})}>
          <Text color="fg.muted">{errorText}</Text>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : emptyText !== null ? (
        <Text py="16" textAlign="center" color="fg.subtle">
          {emptyText}
        </Text>
      ) : (
        children(query.data)
      )}
    </Box>
  );
}
