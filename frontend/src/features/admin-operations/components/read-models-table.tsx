import type { ProjectorOperations, RebuildStatus, VerifyStatus } from '@cinefold/contracts';
import { Badge, Button, Progress, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuRefreshCw, LuShieldCheck } from 'react-icons/lu';
import { countOf, formatCount, noun } from '../../../lib/numbers';
import type { ProjectorJobKind } from '../api/start-projector-job';
import { AdminTable } from '../../../components/ui/admin-table';

const bodyCell = { borderColor: 'whiteAlpha.100', py: '3', px: { base: '3', md: '4' } } as const;

const running = (state: string | undefined) =>
  state === 'active' || state === 'waiting' || state === 'delayed';

function RebuildCell({ rebuild }: { readonly rebuild: RebuildStatus | null }) {
  if (!rebuild) return null;
  if (running(rebuild.state)) {
    return (
      <Stack gap="1" minW="32">
        <Text textStyle="xs" color="fg.muted">
          {`Rebuilding… ${rebuild.percent}%`}
        </Text>
        <Progress.Root value={rebuild.percent} size="xs" colorPalette="brand" aria-label="Rebuild progress">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Stack>
    );
  }
  if (rebuild.state === 'failed') {
    return (
      <Text textStyle="xs" color="red.300">
        {`Rebuild failed: ${rebuild.failedReason ?? 'unknown reason'}`}
      </Text>
    );
  }
  return (
    <Text textStyle="xs" color="fg.muted">
      {`Rebuilt into generation ${rebuild.generation ?? '?'}`}
    </Text>
  );
}

function VerifyCell({ verify }: { readonly verify: VerifyStatus | null }) {
  if (!verify) return null;
  if (running(verify.state)) {
    return (
      <Text textStyle="xs" color="fg.muted">
        Verifying…
      </Text>
    );
  }
  if (!verify.result) {
    return (
      <Text textStyle="xs" color="red.300">
        {`Verify failed: ${verify.failedReason ?? 'unknown reason'}`}
      </Text>
    );
  }
  const { verdict, keys, differing } = verify.result;
  return (
    <Stack gap="1">
      <Badge
        alignSelf="start"
        borderRadius="full"
        colorPalette={verdict === 'equal' ? 'green' : verdict === 'different' ? 'red' : 'yellow'}
      >
        {verdict === 'equal' ? 'Match' : verdict === 'different' ? 'Differ' : 'Moved'}
      </Badge>
      <Text textStyle="xs" color="fg.subtle">
        {verdict === 'different'
          ? `${formatCount(differing.length)} of ${formatCount(keys)} keys differ: ${differing.slice(0, 3).join(', ')}`
          : `${countOf(keys, noun('key'))} compared`}
      </Text>
    </Stack>
  );
}

const JOB_BUTTONS = {
  rebuild: { label: 'Rebuild', icon: <LuRefreshCw /> },
  verify: { label: 'Verify', icon: <LuShieldCheck /> },
} as const satisfies Record<ProjectorJobKind, { label: string; icon: ReactNode }>;

interface JobCellProps {
  readonly kind: ProjectorJobKind;
  readonly projector: ProjectorOperations;
  readonly starting: ReadModelsTableProps['starting'];
  readonly onStart: ReadModelsTableProps['onStart'];
}

/**
 * The button that starts a job of one kind on a read model, over where its last such job stands;
 * it waits while that job is asked for or running.
 */
function JobCell({ kind, projector, starting, onStart }: JobCellProps) {
  const { label, icon } = JOB_BUTTONS[kind];
  const busy =
    (starting?.kind === kind && starting.projector === projector.name) ||
    running((kind === 'rebuild' ? projector.rebuild : projector.verify)?.state);
  return (
    <Table.Cell {...bodyCell}>
      <Stack gap="1.5" align="start">
        <Button
          size="xs"
          variant="outline"
          aria-label={`${label} ${projector.name}`}
          disabled={busy}
          onClick={() => onStart(kind, projector.name)}
        >
          {icon}
          {label}
        </Button>
        {kind === 'rebuild' ? (
          <RebuildCell rebuild={projector.rebuild} />
        ) : (
          <VerifyCell verify={projector.verify} />
        )}
      </Stack>
    </Table.Cell>
  );
}

export interface ReadModelsTableProps {
  readonly projectors: readonly ProjectorOperations[];
  readonly onStart: (kind: ProjectorJobKind, projector: string) => void;
  /** The job being asked for, whose button waits for the answer. */
  readonly starting: { kind: ProjectorJobKind; projector: string } | null;
}

const COLUMNS = [
  { label: 'Read model' },
  { label: 'Generation', end: true },
  { label: 'Checkpoint', end: true },
  { label: 'Lag', end: true },
  { label: 'Events/s', end: true },
  { label: 'Rebuild' },
  { label: 'Verify' },
];

/** One row per read model: where it stands, how fast it moves, and its rebuild and verify. */
export function ReadModelsTable({ projectors, onStart, starting }: ReadModelsTableProps) {
  return (
    <AdminTable size="sm" aria-label="Read models" columns={COLUMNS}>
      {projectors.map((p) => (
        <Table.Row key={p.name} bg="transparent" data-projector={p.name}>
          <Table.Cell {...bodyCell} fontWeight="semibold">
            {p.name}
          </Table.Cell>
          <Table.Cell {...bodyCell} textAlign="end">
            {p.generation ?? '–'}
          </Table.Cell>
          <Table.Cell {...bodyCell} textAlign="end" fontFamily="mono" textStyle="xs">
            {p.checkpoint ?? '–'}
          </Table.Cell>
          <Table.Cell {...bodyCell} textAlign="end">
            {p.lag === null ? '–' : formatCount(p.lag)}
          </Table.Cell>
          <Table.Cell {...bodyCell} textAlign="end">
            {p.eventsPerSecond === null ? '–' : formatCount(p.eventsPerSecond)}
          </Table.Cell>
          <JobCell kind="rebuild" projector={p} starting={starting} onStart={onStart} />
          <JobCell kind="verify" projector={p} starting={starting} onStart={onStart} />
        </Table.Row>
      ))}
    </AdminTable>
  );
}
