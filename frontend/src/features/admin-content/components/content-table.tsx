import { Badge, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { adminBodyRow, adminHeaderCell, deleteButtonLook } from '../../../components/ui/table-styles';
import type { AdminContentItem, TitleType } from '@cinefold/contracts';
import { LuEye, LuEyeOff, LuTrash2 } from 'react-icons/lu';
import { PosterImage } from '../../../components/ui/poster-image';
import { formatLongDate } from '../../../lib/dates';
import { displayTitle, typeWording } from '../content-query';
import { AdminTable } from '../../../components/ui/admin-table';

export interface ContentTableProps {
  readonly type: TitleType;
  readonly items: readonly AdminContentItem[];
  /** The first load: no rows to show yet. */
  readonly loading: boolean;
  /** Whether a row has a hide, unhide or delete on its way; its buttons wait for it. */
  readonly isBusy: (item: AdminContentItem) => boolean;
  readonly onToggleHidden: (item: AdminContentItem) => void;
  readonly onDelete: (item: AdminContentItem) => void;
}

// Narrower than the users table: seven columns must fit beside the admin navigation.
const headerCell = { ...adminHeaderCell, px: '3' } as const;

const bodyCell = { borderColor: 'whiteAlpha.100', py: '2.5', px: '3' } as const;

/*
 * On phones the table is a list of cards (seven columns do not fit, and Hide and Delete were off
 * the screen): each row is a grid, each cell a place in it, named by its column's words (the
 * header row is not shown there). From `md` on it is the table.
 */
const cardRow = {
  display: { base: 'grid', md: 'table-row' },
  gridTemplateColumns: 'auto repeat(3, minmax(0, 1fr))',
  gridTemplateAreas:
    '"poster title title hidden" "poster popularity rating views" "actions actions actions actions"',
  columnGap: '3',
  rowGap: '2',
  p: { base: '3', md: '0' },
  mb: { base: '3', md: '0' },
  borderWidth: { base: '1px', md: '0' },
  borderColor: 'whiteAlpha.100',
  borderRadius: { base: 'xl', md: '0' },
} as const;

function cardCell(area: string, label?: string) {
  return {
    ...bodyCell,
    gridArea: area,
    display: { base: 'block', md: 'table-cell' },
    borderBottomWidth: { base: '0', md: '1px' },
    py: { base: '0', md: '2.5' },
    px: { base: '0', md: '3' },
    ...(label && {
      'data-label': label,
      textAlign: { base: 'start', md: 'end' },
      _before: {
        content: 'attr(data-label)',
        display: { base: 'block', md: 'none' },
        textStyle: 'xs',
        color: 'fg.subtle',
      },
    }),
  } as const;
}

const countFormat = new Intl.NumberFormat('en-US');
const decimalFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const COLUMN_COUNT = 7;

function MessageRow({ children }: { readonly children: string }) {
  return (
    <Table.Row bg="transparent" display={{ base: 'block', md: 'table-row' }}>
      <Table.Cell
        colSpan={COLUMN_COUNT}
        display={{ base: 'block', md: 'table-cell' }}
        py="16"
        textAlign="center"
        color="fg.subtle"
        borderColor="transparent"
      >
        {children}
      </Table.Cell>
    </Table.Row>
  );
}

/** The rows of the content screen: poster, title or name, figures, visibility and the actions. */
export function ContentTable({ type, items, loading, isBusy, onToggleHidden, onDelete }: ContentTableProps) {
  const wording = typeWording(type);
  const columns = [
    { label: 'Poster', w: '16' },
    { label: wording.titleColumn },
    { label: 'Popularity', end: true },
    { label: 'Rating', end: true },
    { label: 'Views', end: true },
    { label: 'Hidden' },
    { label: 'Actions', end: true },
  ];
  return (
    <AdminTable
      size="md"
      interactive
      display={{ base: 'block', md: 'table' }}
      columns={columns}
      headerCell={headerCell}
      headerHideBelow="md"
      bodyProps={{ display: { base: 'block', md: 'table-row-group' } }}
    >
      {loading ? (
        <MessageRow>Loading...</MessageRow>
      ) : items.length === 0 ? (
        <MessageRow>No items found</MessageRow>
      ) : (
        items.map((item) => {
          const title = displayTitle(item);
          const busy = isBusy(item);
          const date = formatLongDate(type === 'movie' ? item.release_date : item.first_air_date);
          return (
            <Table.Row key={item.id} {...adminBodyRow} {...cardRow}>
              <Table.Cell {...cardCell('poster')}>
                <Box w="10" h="15" borderRadius="md" overflow="hidden" bg="whiteAlpha.100">
                  <PosterImage path={item.poster_path} size="w185" alt={`${title} poster`} />
                </Box>
              </Table.Cell>
              <Table.Cell {...cardCell('title')} minW="0">
                <Stack gap="0.5" minW={{ base: '0', md: '36' }}>
                  <Text fontWeight="semibold" data-part="title">
                    {title}
                  </Text>
                  {date && (
                    <Text textStyle="xs" color="fg.subtle">
                      {date}
                    </Text>
                  )}
                </Stack>
              </Table.Cell>
              <Table.Cell {...cardCell('popularity', 'Popularity')} color="fg.muted">
                {decimalFormat.format(item.popularity)}
              </Table.Cell>
              <Table.Cell {...cardCell('rating', 'Rating')} color="fg.muted">
                {decimalFormat.format(item.vote_average)}
              </Table.Cell>
              <Table.Cell {...cardCell('views', 'Views')} color="fg.muted">
                {countFormat.format(item.views)}
              </Table.Cell>
              <Table.Cell {...cardCell('hidden')} textAlign={{ base: 'end', md: 'start' }}>
                <Badge
                  borderRadius="full"
                  px="2.5"
                  variant="subtle"
                  colorPalette={item.hidden ? 'orange' : 'green'}
                >
                  {item.hidden ? 'Hidden' : 'Visible'}
                </Badge>
              </Table.Cell>
              <Table.Cell {...cardCell('actions')} textAlign="end" whiteSpace="nowrap">
                <HStack gap="1.5" justify="end">
                  <Button size="xs" variant="outline" disabled={busy} onClick={() => onToggleHidden(item)}>
                    {item.hidden ? <LuEye /> : <LuEyeOff />}
                    {item.hidden ? 'Unhide' : 'Hide'}
                  </Button>
                  <Button size="xs" {...deleteButtonLook} disabled={busy} onClick={() => onDelete(item)}>
                    <LuTrash2 />
                    Delete
                  </Button>
                </HStack>
              </Table.Cell>
            </Table.Row>
          );
        })
      )}
    </AdminTable>
  );
}
