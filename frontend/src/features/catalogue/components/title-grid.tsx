import { Center, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuClapperboard } from 'react-icons/lu';
import { faintTileLook } from '../../../components/ui/panel-look';
import type { TitleSummary } from '../title-summary';
import { type CardAction, TitleCard } from './title-card';

export interface TitleGridProps {
  readonly titles: readonly TitleSummary[];
  /** Said when there is nothing to show, e.g. 'No movies found'. */
  readonly emptyText: string;
  readonly emptyHint?: string;
  /** A way on from the empty state, e.g. to the last page of a list. */
  readonly emptyAction?: ReactNode;
  /** Dims the grid while the next page replaces the one on screen. */
  readonly stale?: boolean;
  readonly label?: string;
  readonly cardAction?: CardAction | undefined;
}

export function TitleGrid({
  titles,
  emptyText,
  emptyHint,
  emptyAction,
  stale = false,
  label,
  cardAction,
}: TitleGridProps) {
  if (titles.length === 0) {
    return (
      <Center py={{ base: '16', md: '24' }}>
        <Stack align="center" gap="3" textAlign="center" maxW="sm">
          <Center boxSize="14" {...faintTileLook} borderRadius="full">
            <Icon as={LuClapperboard} boxSize="6" color="fg.subtle" />
          </Center>
          <Text fontSize="lg" fontWeight="semibold">
            {emptyText}
          </Text>
          {emptyHint && <Text color="fg.subtle">{emptyHint}</Text>}
          {emptyAction}
        </Stack>
      </Center>
    );
  }
  return (
    <SimpleGrid
      as="ul"
      aria-label={label}
      listStyleType="none"
      columns={{ base: 2, sm: 3, md: 4, lg: 5 }}
      columnGap={{ base: '4', md: '6' }}
      rowGap={{ base: '6', md: '8' }}
      opacity={stale ? 0.55 : 1}
      transition="opacity 0.2s ease"
      aria-busy={stale || undefined}
    >
      {titles.map((title) => (
        <li key={`${title.kind}:${title.id}`}>
          <TitleCard title={title} action={cardAction} />
        </li>
      ))}
    </SimpleGrid>
  );
}
