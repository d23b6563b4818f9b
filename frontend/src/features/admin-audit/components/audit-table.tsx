import { AUDIT_ACTION_LABELS, type AuditEntry } from '@cinefold/contracts';
import { Table, Text } from '@chakra-ui/react';
import { adminBodyRow } from '../../../components/ui/table-styles';
import { AdminTable } from '../../../components/ui/admin-table';

const bodyCell = { borderColor: 'whiteAlpha.100', py: '3', px: { base: '3', md: '4' } } as const;
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

const COLUMNS = [{ label: 'When' }, { label: 'Admin' }, { label: 'Action' }, { label: 'Subject' }];

export function AuditTable({ entries }: { readonly entries: readonly AuditEntry[] }) {
  return (
    <AdminTable size="sm" aria-label="Admin actions" columns={COLUMNS}>
      {entries.map((entry) => (
        <Table.Row key={entry.id} {...adminBodyRow}>
          <Table.Cell {...bodyCell} color="fg.muted" whiteSpace="nowrap">
            <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
          </Table.Cell>
          <Table.Cell {...bodyCell} fontWeight="semibold">
            {entry.actor.name}
          </Table.Cell>
          <Table.Cell {...bodyCell}>{AUDIT_ACTION_LABELS[entry.action]}</Table.Cell>
          <Table.Cell {...bodyCell}>
            <Text color="fg.muted" wordBreak="break-word">
              {entry.subject}
            </Text>
          </Table.Cell>
        </Table.Row>
      ))}
    </AdminTable>
  );
}
