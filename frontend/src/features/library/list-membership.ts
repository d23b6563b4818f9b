import type { ContentId, ListEntry, ListName } from '@cinefold/contracts';
import type { CurrentUser } from '../../lib/auth/auth-api';

/** A title as the list buttons and the watch-history recorder describe it to the API. */
export type LibraryTitle = Readonly<ListEntry>;

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
 * The member as they are once a title has been added to or removed from one of their lists, so
 * every button on screen agrees before the server's copy has been read again.
 */
export function withListChange(
  user: CurrentUser,
  list: ListName,
  title: LibraryTitle,
  added: boolean,
  now: Date = new Date(),
): CurrentUser {
  const others = user[list].filter((item) => !sameContent(item.contentId, title.contentId));
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
  return { ...user, [list]: items };
}
