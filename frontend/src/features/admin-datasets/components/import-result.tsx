import { Box, Grid, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import type { ImportJobStatus } from '@cinefold/contracts';
import { LuCircleCheck } from 'react-icons/lu';
import { faintTileLook } from '../../../components/ui/panel-look';
import { formatCount } from '../../../lib/numbers';

function Figure({ label, value }: { readonly label: string; readonly value: string }) {
  return (
    <Stack gap="0.5" p="3" {...faintTileLook} borderRadius="lg">
      <Text as="dt" textStyle="xs" color="fg.subtle" textTransform="uppercase" letterSpacing="0.12em">
        {label}
      </Text>
      <Text as="dd" fontWeight="semibold" fontSize="lg">
        {value}
      </Text>
    </Stack>
  );
}

/** The report of a finished import: rows taken in, the type and mode, and the rows refused. */
export function ImportResult({ job }: { readonly job: ImportJobStatus }) {
  return (
    <Stack
      as="section"
      aria-label="Import result"
      gap="4"
      p={{ base: '4', md: '5' }}
      borderRadius="xl"
      borderWidth="1px"
      borderColor="green.500/40"
      bg="green.500/8"
    >
      <HStack gap="2">
        <Icon as={LuCircleCheck} color="green.400" boxSize="5" />
        <Heading as="h2" size="md">
          Import complete
        </Heading>
      </HStack>
      <Grid as="dl" templateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }} gap="3">
        <Figure label="Processed" value={formatCount(job.processed)} />
        <Figure label="Type" value={job.type} />
        <Figure label="Mode" value={job.mode} />
        <Figure label="Rejected" value={formatCount(job.rejected)} />
      </Grid>
      {job.rejections.length > 0 && (
        <Box>
          <Text fontWeight="medium" mb="2">
            {job.rejections.length < job.rejected
              ? `First ${job.rejections.length} rejected rows`
              : 'Rejected rows'}
          </Text>
          <Stack as="ul" gap="1" listStyleType="none" textStyle="sm" color="fg.muted">
            {job.rejections.map((row) => (
              <li key={`${row.line}-${row.reason}`}>
                <Text as="span" color="fg" fontWeight="medium">
                  Line {row.line}:
                </Text>{' '}
                {row.reason}
              </li>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
