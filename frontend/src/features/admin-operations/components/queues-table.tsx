import type { ImportJobStatus, QueueDepth } from '@cinefold/contracts';
import { Stack, Table, Text } from '@chakra-ui/react';
import { countOf, noun } from '../../../lib/numbers';
import { AdminTable } from '../../../components/ui/admin-table';

const bodyCell = { borderColor: 'whiteAlpha.100', py: '2.5', px: { base: '3', md: '4' } } as const;
const COLUMNS = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

export function QueuesTable({ queues }: { readonly queues: readonly QueueDepth[] }) {
  return (
    <AdminTable
      size="sm"
      aria-label="Queues"
      columns={[{ label: 'Queue' }, ...COLUMNS.map((column) => ({ label: column, end: true }))]}
    >
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
    </AdminTable>
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
