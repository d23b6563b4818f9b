import type { HistoryEntry, ListItem } from '@cinefold/contracts';
import { queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { authKeys, type CurrentUser } from '../../../lib/auth/auth-api';
import type { MemberLists } from '../list-membership';
import { libraryKeys } from './library-keys';

export async function fetchMemberLists(): Promise<MemberLists> {
  const [favorites, watchlist] = await Promise.all([
    apiClient.get<ListItem[]>('/user/favorites'),
    apiClient.get<ListItem[]>('/user/watchlist'),
  ]);
  return { favorites, watchlist };
}

/**
 * The member's favorites and watchlist: the one copy every list button and the profile read, so
 * they always agree. Only for a signed-in member (the cache is dropped when the session changes).
 */
export function getMemberListsQueryOptions() {
  return queryOptions({ queryKey: libraryKeys.lists(), queryFn: fetchMemberLists });
}

/**
 * Until the lists arrive, the copy in the signed-in member's session (`/auth/me` carries both)
 * stands in for them, so a saved title's button does not flicker to "Add" on the first page.
 */
export function useMemberLists(signedIn: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    ...getMemberListsQueryOptions(),
    enabled: signedIn,
    placeholderData: () => {
      const me = queryClient.getQueryData<CurrentUser | null>(authKeys.currentUser());
      return me ? { favorites: me.favorites, watchlist: me.watchlist } : undefined;
    },
  });
}

export function fetchWatchHistory(): Promise<HistoryEntry[]> {
  return apiClient.get<HistoryEntry[]>('/user/watch-history');
}

export function getWatchHistoryQueryOptions() {
  return queryOptions({ queryKey: libraryKeys.watchHistory(), queryFn: fetchWatchHistory });
}

export interface MemberLibrary extends MemberLists {
  readonly watchHistory: HistoryEntry[];
}

export type MemberLibraryState =
  | { readonly status: 'pending' }
  | { readonly status: 'error'; readonly retry: () => void }
  | { readonly status: 'success'; readonly library: MemberLibrary };

/** The three lists of the profile, fetched side by side and shown only once all have arrived. */
export function useMemberLibrary(): MemberLibraryState {
  return useQueries({
    queries: [getWatchHistoryQueryOptions(), getMemberListsQueryOptions()],
    combine: ([watchHistory, lists]): MemberLibraryState => {
      if (watchHistory.data && lists.data) {
        return { status: 'success', library: { watchHistory: watchHistory.data, ...lists.data } };
      }
      if (watchHistory.isError || lists.isError) {
        return {
          status: 'error',
          retry: () => {
            for (const query of [watchHistory, lists]) if (query.isError) void query.refetch();
          },
        };
      }
      return { status: 'pending' };
    },
  });
}
