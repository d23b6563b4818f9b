import { Box, Button, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { listCard } from '../../../components/ui/table-styles';
import type { ReactNode } from 'react';
import { errorMessageOf } from '../../../lib/api-client';
import { useOperations } from '../api/get-operations';
import { type ProjectorJobKind, useStartProjectorJob } from '../api/start-projector-job';
import { QueuesTable, RunningImports } from './queues-table';
import { ReadModelsTable } from './read-models-table';
import { AdminPageHeader } from '../../../components/ui/admin-page-header';

function Panel({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <Stack gap="3" as="section" aria-label={title}>
      <Heading as="h2" fontSize="lg">
        {title}
      </Heading>
      <Box {...listCard}>{children}</Box>
    </Stack>
  );
}

/** The operator's console: read models, their rebuilds and verifies, queues and imports, live. */
export function OperationsConsole() {
  const operations = useOperations();
  const start = useStartProjectorJob();

  const onStart = (kind: ProjectorJobKind, projector: string) =>
    start.mutate(
      { kind, projector },
      { onError: (error) => window.alert(errorMessageOf(error, `Failed to start the ${kind}`)) },
    );

  return (
    <Stack gap="8">
      <AdminPageHeader
        title="Operations"
        description={
          operations.data
            ? `Read models, queues and imports, updated every 2 seconds (last at ${new Date(operations.data.sampledAt).toLocaleTimeString()})`
            : 'Read models, queues and imports, live'
        }
      />
      {operations.isPending ? (
        <Center py="20" role="status" aria-label="Loading operations">
          <Spinner size="lg" color="brand.500" />
        </Center>
      ) : operations.isError && !operations.data ? (
        <Stack align="center" gap="4" py="16" textAlign="center">
          <Text color="fg.muted">
            {errorMessageOf(operations.error, 'The operations could not be loaded.')}
          </Text>
          <Button variant="outline" onClick={() => void operations.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : operations.data ? (
        <>
          <Panel title="Read models">
            <ReadModelsTable
              projectors={operations.data.projectors}
              onStart={onStart}
              starting={start.isPending ? start.variables : null}
            />
          </Panel>
          <Panel title="Queues">
            <QueuesTable queues={operations.data.queues} />
          </Panel>
          <Panel title="Imports">
            <RunningImports imports={operations.data.imports} />
          </Panel>
        </>
      ) : null}
    </Stack>
  );
}
