import { HStack, type StackProps } from '@chakra-ui/react';
import type { ListName } from '@cinefold/contracts';
import type { IconType } from 'react-icons';
import { LuBookmark, LuBookmarkCheck, LuHeart } from 'react-icons/lu';
import { ToggleButton } from '../../../components/ui/toggle-button';
import { useListToggle } from '../api/change-list';
import type { LibraryTitle } from '../list-membership';

interface ToggleWording {
  readonly add: string;
  readonly saved: string;
  readonly icon: IconType;
  readonly savedIcon: IconType;
}

const wording: Record<ListName, ToggleWording> = {
  favorites: { add: 'Add to Favorites', saved: 'In Favorites', icon: LuHeart, savedIcon: LuHeart },
  watchlist: { add: 'Add to Watchlist', saved: 'In Watchlist', icon: LuBookmark, savedIcon: LuBookmarkCheck },
};

function ListToggleButton({ list, title }: { readonly list: ListName; readonly title: LibraryTitle }) {
  const { inList, toggle } = useListToggle(list, title);
  const words = wording[list];
  const ButtonIcon = inList ? words.savedIcon : words.icon;
  return (
    <ToggleButton pressed={inList} onClick={toggle}>
      <ButtonIcon fill={inList && list === 'favorites' ? 'currentColor' : 'none'} />
      {inList ? words.saved : words.add}
    </ToggleButton>
  );
}

export interface LibraryTogglesProps extends LibraryTitle, Omit<StackProps, 'title'> {}

/**
 * Add to Favorites / In Favorites and Add to Watchlist / In Watchlist for a detail page. The
 * starting state comes from the signed-in member's own lists; a guest is taken to sign in.
 */
export function LibraryToggles({ contentId, contentType, title, poster, ...stack }: LibraryTogglesProps) {
  const libraryTitle: LibraryTitle = { contentId, contentType, title, poster };
  return (
    <HStack gap="3" wrap="wrap" {...stack}>
      <ListToggleButton list="favorites" title={libraryTitle} />
      <ListToggleButton list="watchlist" title={libraryTitle} />
    </HStack>
  );
}
