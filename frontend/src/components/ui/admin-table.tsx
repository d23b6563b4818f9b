import {
  Table,
  type TableBodyProps,
  type TableColumnHeaderProps,
  type TableRootProps,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { adminHeaderCell } from './table-styles';

export interface AdminColumn {
  readonly label: string;
  /** Numbers and actions sit at the end of their cells. */
  readonly end?: boolean;
  /** The column is left out on screens narrower than this. */
  readonly hideBelow?: 'md' | 'lg';
  readonly w?: string;
}

export interface AdminTableProps extends Omit<TableRootProps, 'children' | 'columns'> {
  readonly columns: readonly AdminColumn[];
  /** How the header cells look, where a table's differ (a narrower padding). */
  readonly headerCell?: TableColumnHeaderProps;
  /** The header row is left out on screens narrower than this (where rows are cards). */
  readonly headerHideBelow?: 'md';
  readonly bodyProps?: TableBodyProps;
  /** The rows. */
  readonly children: ReactNode;
}

/** A back-office table that scrolls sideways when narrow: its header row of `columns`, then its rows. */
export function AdminTable({
  columns,
  headerCell = adminHeaderCell,
  headerHideBelow,
  bodyProps,
  children,
  ...root
}: AdminTableProps) {
  return (
    <Table.ScrollArea>
      <Table.Root {...root}>
        <Table.Header hideBelow={headerHideBelow}>
          <Table.Row bg="transparent">
            {columns.map((column) => (
              <Table.ColumnHeader
                key={column.label}
                {...headerCell}
                textAlign={column.end ? 'end' : undefined}
                hideBelow={column.hideBelow}
                w={column.w}
              >
                {column.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body {...bodyProps}>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
