import type { ContentId, ListEntry, ListItem, ListName } from '@cinefold/contracts';

/** A title as the list buttons and the watch-history recorder describe it to the API. */
export type LibraryTitle = Readonly<ListEntry>;

/** A member's favorites and watchlist, newest first. */
export type MemberLists = { readonly [List in ListName]: ListItem[] };

/**
 * Ids are compared as text: a TMDB id arrives as the number 550 from one endpoint and may be the
 * string "550" in a route parameter or an imported row.
 */
export function sameContent(a: ContentId, b: ContentId): boolean {
  return String(a) === String(b);
}

export function isInList(
  items: readonly { readonly contentId: ContentId }[] | undefined,
  id: ContentId,
): boolean {
  return items?.some((item) => sameContent(item.contentId, id)) ?? false;
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
  const others = lists[list].filter((item) => !sameContent(item.contentId, title.contentId));
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
