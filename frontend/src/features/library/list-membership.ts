import {
  type ContentId,
  type ListEntry,
  type ListItem,
  type ListName,
  listEntryKey,
  type TitleType,
} from '@cinefold/contracts';

/** A title as the list buttons and the watch-history recorder describe it to the API. */
export type LibraryTitle = Readonly<ListEntry>;

/** A member's favorites and watchlist, newest first. */
export type MemberLists = { readonly [List in ListName]: ListItem[] };

/** What names a title in the lists: its type and its id (TMDB numbers movies and shows apart). */
export interface TitleRef {
  readonly contentType: TitleType;
  readonly contentId: ContentId;
}

/**
 * The movie 1399 and the TV show 1399 are two titles; ids are compared as text, since a TMDB id
 * arrives as the number 550 from one endpoint and may be the string "550" elsewhere.
 */
export function sameTitle(a: TitleRef, b: TitleRef): boolean {
  return listEntryKey(a.contentType, a.contentId) === listEntryKey(b.contentType, b.contentId);
}

export function isInList(items: readonly TitleRef[] | undefined, title: TitleRef): boolean {
  return items?.some((item) => sameTitle(item, title)) ?? false;
}

/**
 * The member's lists as they are once a title has been added to or removed from one of them, so
 * every button on screen agrees before the server's copy has been read again.
 */
export function withListChange<Lists extends MemberLists>(
  lists: Lists,
  list: ListName,
  title: LibraryTitle,
  added: boolean,
  now: Date = new Date(),
): Lists {
  const others = lists[list].filter((item) => !sameTitle(item, title));
  const items = added
    ? [
        {
          contentId: title.contentId,
          contentType: title.contentType,
          title: title.title,
          poster: title.poster,
          addedAt: now.toISOString(),
        },
        ...others,
      ]
    : others;
  return { ...lists, [list]: items };
}
