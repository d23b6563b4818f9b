import { type AddToListRequest, href, type ListName, listEntryKey } from '@cinefold/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiError, apiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { isInList, type LibraryTitle, type TitleRef, withListChange } from '../list-membership';
import { getMemberListsQueryOptions, useMemberLists } from './get-member-library';
import { libraryKeys } from './library-keys';

export function addToList(list: ListName, title: LibraryTitle): Promise<unknown> {
  const body: AddToListRequest = {
    contentId: title.contentId,
    contentType: title.contentType,
    title: title.title,
    poster: title.poster,
  };
  return apiClient.post(`/user/${list}`, body);
}

export async function removeFromList(list: ListName, { contentType, contentId }: TitleRef): Promise<void> {
  try {
    const query = new URLSearchParams({ contentType });
    await apiClient.delete(`/user/${list}/${encodeURIComponent(String(contentId))}?${query}`);
  } catch (error) {
    // Already gone (removed in another tab): the member asked for it not to be there, and it is not.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

interface ListChange {
  readonly list: ListName;
  readonly title: LibraryTitle;
  readonly add: boolean;
}

function sendListChange({ list, title, add }: ListChange): Promise<unknown> {
  return add ? addToList(list, title) : removeFromList(list, title);
}

/**
 * The member's lists (which every list button and the profile read) are corrected at once; then
 * they and the activity are read again, the api-client's event position making sure the server's
 * answer already includes this change.
 */
async function afterListChange(queryClient: QueryClient, { list, title, add }: ListChange): Promise<void> {
  queryClient.setQueryData(getMemberListsQueryOptions().queryKey, (lists) =>
    lists ? withListChange(lists, list, title, add) : lists,
  );
  await queryClient.invalidateQueries({ queryKey: libraryKeys.all });
}

/** Removes a title from favorites or the watchlist (the profile's remove buttons). */
export function useRemoveFromList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ list, title }: Omit<ListChange, 'add'>) => removeFromList(list, title),
    // The card leaves the profile at once rather than after the lists are read again.
    onSuccess: (_answer, { list, title }) => afterListChange(queryClient, { list, title, add: false }),
  });
}

export interface ListToggle {
  readonly inList: boolean;
  readonly toggle: () => void;
}

/**
 * One title's membership of one list, for an Add/In button. The button shows the new state as
 * soon as it is clicked; a failed call is not reported (spec section 8) and the button simply
 * returns to what the member's lists say. Guests are sent to sign in.
 *
 * A click while the previous one is still being saved is the member's newest wish, not a
 * mistake: the changes of one title in one list are sent one after the other (a mutation scope),
 * and the button shows the last one asked for.
 */
export function useListToggle(list: ListName, title: LibraryTitle): ListToggle {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: sendListChange,
    scope: { id: `list-change:${list}:${listEntryKey(title.contentType, title.contentId)}` },
    onSuccess: (_answer, variables) => afterListChange(queryClient, variables),
  });

  const lists = useMemberLists(status === 'signed-in');
  const saved = isInList(lists.data?.[list], title);
  const inList = change.isPending ? change.variables.add : saved;

  const toggle = () => {
    if (status === 'signed-out') {
      void navigate(href('login'));
      return;
    }
    if (!user) return;
    change.mutate({ list, title, add: !inList });
  };

  return { inList, toggle };
}
