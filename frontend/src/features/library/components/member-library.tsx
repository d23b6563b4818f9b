import {
  Badge,
  Box,
  Button,
  Center,
  HStack,
  Icon,
  SimpleGrid,
  Spinner,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import type { ListName } from '@cinefold/contracts';
import type { IconType } from 'react-icons';
import { LuBookmark, LuHeart, LuHistory } from 'react-icons/lu';
import { useAddressParams } from '../../../hooks/use-address-params';
import { useRemoveFromList } from '../api/change-list';
import { type MemberLibrary as Library, useMemberLibrary } from '../api/get-member-library';
import { sameTitle } from '../list-membership';
import {
  fromListItems,
  fromWatchHistory,
  isLibraryTab,
  type LibraryEntry,
  type LibraryTab,
} from '../library-entries';
import { LibraryEmptyState } from './library-empty-state';
import { LibraryItemCard } from './library-item-card';
import { LibraryStats } from './library-stats';

interface TabDefinition {
  readonly value: LibraryTab;
  readonly label: string;
  readonly icon: IconType;
  readonly emptyHint: string;
  /** The list a card can be removed from; the history keeps every view. */
  readonly removableFrom?: ListName;
  readonly entries: (library: Library) => LibraryEntry[];
}

const tabs: readonly TabDefinition[] = [
  {
    value: 'watch-history',
    label: 'Watch History',
    icon: LuHistory,
    emptyHint: 'Titles you open to watch are kept here, newest first.',
    entries: (library) => fromWatchHistory(library.watchHistory),
  },
  {
    value: 'favorites',
    label: 'Favorites',
    icon: LuHeart,
    emptyHint: 'Tap the heart on a movie or show to keep it here.',
    removableFrom: 'favorites',
    entries: (library) => fromListItems(library.favorites),
  },
  {
    value: 'watchlist',
    label: 'Watchlist',
    icon: LuBookmark,
    emptyHint: 'Save what you want to watch next and find it here.',
    removableFrom: 'watchlist',
    entries: (library) => fromListItems(library.watchlist),
  },
];

const TAB_PARAM = 'tab';

function LibraryGrid({ tab, entries }: { readonly tab: TabDefinition; readonly entries: LibraryEntry[] }) {
  const remove = useRemoveFromList();
  if (entries.length === 0) return <LibraryEmptyState icon={tab.icon} hint={tab.emptyHint} />;
  const list = tab.removableFrom;
  return (
    <SimpleGrid as="ul" columns={{ base: 2, sm: 3, md: 4, lg: 5, xl: 6 }} gap={{ base: '4', md: '6' }}>
      {entries.map((entry) => (
        <LibraryItemCard
          key={entry.key}
          entry={entry}
          when={list ? 'Added' : 'Watched'}
          removal={
            list && {
              list,
              pending:
                remove.isPending &&
                remove.variables.list === list &&
                sameTitle(remove.variables.title, entry),
              onRemove: () => remove.mutate({ list, title: entry }),
            }
          }
        />
      ))}
    </SimpleGrid>
  );
}

/** The profile's library: counts, then one tab per list with its cards. */
export function MemberLibrary() {
  const state = useMemberLibrary();
  const [searchParams, changeAddress] = useAddressParams();
  const requested = searchParams.get(TAB_PARAM);
  const selected: LibraryTab = isLibraryTab(requested) ? requested : 'watch-history';

  if (state.status === 'pending') {
    return (
      <Center py="24" role="status" aria-label="Loading your library">
        <Spinner size="lg" color="brand.500" />
      </Center>
    );
  }
  if (state.status === 'error') {
    return (
      <Stack align="center" gap="4" py="20" textAlign="center">
        <Text color="fg.muted">Your lists could not be loaded just now.</Text>
        <Button variant="outline" onClick={state.retry}>
          Try again
        </Button>
      </Stack>
    );
  }

  const { library } = state;
  const counted = tabs.map((tab) => ({ tab, entries: tab.entries(library) }));

  return (
    <Stack gap={{ base: '8', md: '12' }}>
      <LibraryStats
        stats={counted.map(({ tab, entries }) => ({
          label: tab.label,
          count: entries.length,
          icon: tab.icon,
        }))}
      />
      <Tabs.Root
        value={selected}
        onValueChange={({ value }) =>
          changeAddress((params) => params.set(TAB_PARAM, value), { replace: true, preventScrollReset: true })
        }
        variant="line"
        colorPalette="brand"
        lazyMount
      >
        <Box overflowX="auto" mx={{ base: '-4', sm: '0' }} px={{ base: '4', sm: '0' }}>
          <Tabs.List borderColor="whiteAlpha.100" minW="max-content">
            {counted.map(({ tab, entries }) => (
              <Tabs.Trigger
                key={tab.value}
                value={tab.value}
                px={{ base: '2', md: '5' }}
                textStyle={{ base: 'sm', md: 'md' }}
                fontWeight="semibold"
                color="fg.subtle"
                _selected={{ color: 'fg' }}
              >
                <HStack gap={{ base: '1.5', md: '2' }}>
                  <Icon as={tab.icon} hideBelow="sm" />
                  <span>{tab.label}</span>
                  <Badge
                    size="sm"
                    borderRadius="full"
                    variant="subtle"
                    colorPalette="gray"
                    minW="6"
                    justifyContent="center"
                  >
                    {entries.length}
                  </Badge>
                </HStack>
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        {counted.map(({ tab, entries }) => (
          <Tabs.Content key={tab.value} value={tab.value} pt={{ base: '6', md: '8' }}>
            <LibraryGrid tab={tab} entries={entries} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
