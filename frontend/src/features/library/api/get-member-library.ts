import type { HistoryEntry, ListItem, ListName } from '@cinefold/contracts';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { libraryKeys } from './library-keys';

export function fetchMemberList(name: ListName): Promise<ListItem[]> {
  return apiClient.get<ListItem[]>(`/user/${name}`);
}

export function getMemberListQueryOptions(name: ListName) {
  return queryOptions({ queryKey: libraryKeys.list(name), queryFn: () => fetchMemberList(name) });
}

export function fetchWatchHistory(): Promise<HistoryEntry[]> {
  return apiClient.get<HistoryEntry[]>('/user/watch-history');
}

export function getWatchHistoryQueryOptions() {
  return queryOptions({ queryKey: libraryKeys.watchHistory(), queryFn: fetchWatchHistory });
}

export interface MemberLibrary {
  readonly watchHistory: HistoryEntry[];
  readonly favorites: ListItem[];
  readonly watchlist: ListItem[];
}

export type MemberLibraryState =
  | { readonly status: 'pending' }
  | { readonly status: 'error'; readonly retry: () => void }
  | { readonly status: 'success'; readonly library: MemberLibrary };

/** The three lists of the profile, fetched side by side and shown only once all have arrived. */
export function useMemberLibrary(): MemberLibraryState {
  return useQueries({
    queries: [
      getWatchHistoryQueryOptions(),
      getMemberListQueryOptions('favorites'),
      getMemberListQueryOptions('watchlist'),
    ],
    combine: ([watchHistory, favorites, watchlist]): MemberLibraryState => {
      if (watchHistory.data && favorites.data && watchlist.data) {
        return {
          status: 'success',
          library: { watchHistory: watchHistory.data, favorites: favorites.data, watchlist: watchlist.data },
        };
      }
      if (watchHistory.isError || favorites.isError || watchlist.isError) {
        return {
          status: 'error',
          retry: () => {
            for (const query of [watchHistory, favorites, watchlist]) if (query.isError) void query.refetch();
          },
        };
      }
      return { status: 'pending' };
    },
  });
}
