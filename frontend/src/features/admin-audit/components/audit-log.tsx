import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '@cinefold/contracts';
import { Box, Field, Flex, Stack } from '@chakra-ui/react';
import { pageParam, setOrDelete, useAddressParams } from '../../../hooks/use-address-params';
import { DateInput } from '../../../components/ui/date-input';
import { PaginationNav } from '../../../components/ui/pagination-nav';
import { QueryPanel } from '../../../components/ui/query-panel';
import type { SelectOption } from '../../../components/ui/option-select';
import { SelectField } from '../../../components/ui/select-field';
import { adminHeaderCell } from '../../../components/ui/table-styles';
import { countOf, noun } from '../../../lib/numbers';
import { useAudit } from '../api/get-audit';
import { auditFiltersFrom } from '../audit-filters';
import { AuditTable } from './audit-table';
import { AdminPageHeader } from '../../../components/ui/admin-page-header';

const filterLabel = {
  color: adminHeaderCell.color,
  textStyle: adminHeaderCell.textStyle,
  fontWeight: adminHeaderCell.fontWeight,
  textTransform: adminHeaderCell.textTransform,
  letterSpacing: adminHeaderCell.letterSpacing,
} as const;
const dateStyle = { bg: 'blackAlpha.400', borderColor: 'whiteAlpha.200' } as const;

interface ChoiceFilterProps {
  readonly label: string;
  /** The first choice, which filters nothing ('All admins'). */
  readonly all: string;
  readonly options: readonly SelectOption<string>[];
  readonly value: string | undefined;
  readonly onChange: (value: string) => void;
}

/** A select of who or what the log shows, all of them first. */
function ChoiceFilter({ label, all, options, value, onChange }: ChoiceFilterProps) {
  return (
    <Box minW="48">
      <SelectField
        label={label}
        labelStyle={filterLabel}
        value={value ?? ''}
        options={[{ value: '', label: all }, ...options]}
        onChange={onChange}
      />
    </Box>
  );
}

interface DateFilterProps {
  readonly label: string;
  readonly value: string | undefined;
  readonly min?: string | undefined;
  readonly max?: string | undefined;
  readonly onChange: (value: string) => void;
}

/** One end of the days the log shows: a labelled date input. */
function DateFilter({ label, value, min, max, onChange }: DateFilterProps) {
  return (
    <Field.Root w="auto">
      <Field.Label css={filterLabel}>{label}</Field.Label>
      <DateInput value={value} min={min} max={max} onChange={onChange} {...dateStyle} />
    </Field.Root>
  );
}

/** Every admin action, newest first, filtered by admin, action and days (all kept in the address). */
export function AuditLog() {
  const [params, changeAddress] = useAddressParams();
  const filters = auditFiltersFrom(params);
  const audit = useAudit(filters);

  const setFilter = (name: string, value: string | null) =>
    changeAddress(
      (next) => {
        setOrDelete(next, name, value);
        if (name !== 'page') next.delete('page');
      },
      { preventScrollReset: name !== 'page' },
    );

  /** A filter's value and how it changes. */
  const filter = (name: 'admin' | 'action' | 'from' | 'to') => ({
    value: filters[name],
    onChange: (value: string) => setFilter(name, value),
  });

  const admins = audit.data?.admins ?? [];
  return (
    <Stack gap="6">
      <AdminPageHeader
        title="Audit"
        description={
          audit.data
            ? countOf(audit.data.total, noun('admin action'))
            : 'Every admin action, who did it and when'
        }
      />

      <Flex gap="4" wrap="wrap" align="end">
        <ChoiceFilter
          label="Admin"
          all="All admins"
          options={admins.map((admin) => ({ value: admin.id, label: admin.name }))}
          {...filter('admin')}
        />
        <ChoiceFilter
          label="Action"
          all="All actions"
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }))}
          {...filter('action')}
        />
        <DateFilter label="From" max={filters.to} {...filter('from')} />
        <DateFilter label="To" min={filters.from} {...filter('to')} />
      </Flex>

      <QueryPanel
        query={audit}
        loadingLabel="Loading admin actions"
        errorText={'The admin actions could not be loaded.'}
        empty={(data) => (data.entries.length === 0 ? 'No admin actions match these filters.' : null)}
      >
        {(data) => <AuditTable entries={data.entries} />}
      </QueryPanel>

      {audit.data && (
        <PaginationNav
          label="Audit pages"
          page={filters.page}
          pages={audit.data.pages}
          onPageChange={(next) => setFilter('page', pageParam(next))}
        />
      )}
    </Stack>
  );
}
