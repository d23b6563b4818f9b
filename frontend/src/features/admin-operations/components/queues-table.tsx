import type { ImportJobStatus, QueueDepth } from '@cinefold/contracts';
import { Stack, Table, Text } from '@chakra-ui/react';
import { adminHeaderCell } from '../../../components/ui/table-styles';
import { countOf, noun } from '../../../lib/numbers';

const bodyCell = { borderColor: 'whiteAlpha.100', py: '2.5', px: { base: '3', md: '4' } } as const;
const COLUMNS = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

export function QueuesTable({ queues }: { readonly queues: readonly QueueDepth[] }) {
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" aria-label="Queues">
        <Table.Header>
          <Table.Row bg="transparent">
            <Table.ColumnHeader {...adminHeaderCell}>Queue</Table.ColumnHeader>
            {COLUMNS.map((column) => (
              <Table.ColumnHeader key={column} {...adminHeaderCell} textAlign="end">
                {column}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {queues.map((queue) => (
            <Table.Row key={queue.name} bg="transparent">
              <Table.Cell {...bodyCell} fontWeight="semibold">
                {queue.name}
              </Table.Cell>
              {COLUMNS.map((column) => (
                <Table.Cell key={column} {...bodyCell} textAlign="end">
                  {queue[column]}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

export function RunningImports({ imports }: { readonly imports: readonly ImportJobStatus[] }) {
  if (imports.length === 0) {
    return (
      <Text color="fg.subtle" py="4" px="4">
        No imports running.
      </Text>
    );
  }
  return (
    <Stack gap="2" py="3" px="4">
      {imports.map((job) => (
        <Text key={job.jobId}>
          {`${job.type === 'movie' ? 'Movies' : 'TV shows'} (${job.mode}): ${job.state}, ${countOf(job.processed, noun('row'))}, ${Math.round(job.progress * 100)}%`}
        </Text>
      ))}
    </Stack>
  );
}
