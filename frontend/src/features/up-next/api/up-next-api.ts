import {
  type EpisodeRef,
  href,
  type ListEntry,
  type ListItem,
  listEntryKey,
  type MarkWatchedRequest,
  type NotInterestedRequest,
  type TitleProgressResponse,
  type TitleType,
  titlePath,
  type UpNextResponse,
} from '@cinefold/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiError, apiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

/** A title as Up Next's writes name it. */
export type UpNextTitle = Readonly<ListEntry>;

export const upNextKeys = {
  all: ['up-next'] as const,
  row: () => [...upNextKeys.all, 'row'] as const,
  progress: (type: TitleType, id: string) => [...upNextKeys.all, 'progress', type, id] as const,
  notInterested: () => [...upNextKeys.all, 'not-interested'] as const,
};

/** Where a row item opens: a show's page on the episode to watch next, at the player. */
export function upNextPath(item: {
  contentType: TitleType;
  contentId: number | string;
  next: EpisodeRef | null;
}) {
  const path = titlePath(item.contentType, item.contentId);
  if (!item.next) return `${path}#player`;
  return `${path}?${new URLSearchParams({ season: String(item.next.season), episode: String(item.next.episode) })}#player`;
}

/** The member's "Continue Watching" row; read again on every page that shows it (it changes with each view). */
export function useUpNext() {
  const { status } = useAuth();
  return useQuery({
    queryKey: upNextKeys.row(),
    queryFn: ({ signal }) => apiClient.get<UpNextResponse>('/user/up-next', { signal }),
    enabled: status === 'signed-in',
    staleTime: 0,
  });
}

/** Where the member is in one title (the TV page's first episode); null for a guest. */
export function useTitleProgress(type: TitleType, id: string | undefined) {
  const { status } = useAuth();
  const enabled = status === 'signed-in' && Boolean(id);
  const query = useQuery({
    queryKey: upNextKeys.progress(type, id ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get<TitleProgressResponse>(`/user/up-next/${type}/${encodeURIComponent(id ?? '')}`, {
        signal,
      }),
    enabled,
    staleTime: 0,
  });
  // A guest's page (and a member's once the answer came, or failed) need not wait for it.
  return {
    progress: query.data ?? null,
    settled: status === 'signed-out' || (status === 'signed-in' && (!enabled || !query.isPending)),
  };
}

/** After a change: everything Up Next shows, and the catalogue's pages a hidden title leaves, are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (everything = false) =>
    everything
      ? queryClient.invalidateQueries()
      : queryClient.invalidateQueries({ queryKey: upNextKeys.all });
}

export function useDismissFromRow() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ contentType, contentId }: UpNextTitle) => {
      await apiClient.delete(`/user/up-next/${contentType}/${encodeURIComponent(String(contentId))}`);
    },
    onSuccess: () => refresh(),
  });
}

/** Marks a movie, or a show up to an episode (or a season's end, `episode` left out), as watched. */
export function useMarkWatched() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ title, season, episode }: { title: UpNextTitle; season?: number; episode?: number }) => {
      const body: MarkWatchedRequest = {
        contentId: title.contentId,
        contentType: title.contentType,
        title: title.title,
        poster: title.poster,
        ...(season === undefined ? {} : { season }),
        ...(episode === undefined ? {} : { episode }),
      };
      return apiClient.post('/user/watched', body);
    },
    onSuccess: () => refresh(),
  });
}

/** The titles the member is not interested in, newest first. */
export function useNotInterested() {
  const { status } = useAuth();
  return useQuery({
    queryKey: upNextKeys.notInterested(),
    queryFn: ({ signal }) => apiClient.get<ListItem[]>('/user/not-interested', { signal }),
    enabled: status === 'signed-in',
  });
}

function hideTitle(title: UpNextTitle): Promise<unknown> {
  const body: NotInterestedRequest = { ...title };
  return apiClient.post('/user/not-interested', body);
}

async function showTitleAgain({ contentType, contentId }: Pick<UpNextTitle, 'contentType' | 'contentId'>) {
  try {
    await apiClient.delete(`/user/not-interested/${contentType}/${encodeURIComponent(String(contentId))}`);
  } catch (error) {
    // Shown again already (in another tab): what the member asked for.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

export function useShowAgain() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: showTitleAgain, onSuccess: () => refresh(true) });
}

/** Hides a title from the member's own pages, or shows it again; a guest is sent to sign in. */
export function useNotInterestedToggle(title: UpNextTitle) {
  const { status } = useAuth();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const list = useNotInterested();
  const key = listEntryKey(title.contentType, title.contentId);
  const change = useMutation({
    mutationFn: ({ hide }: { hide: boolean }) => (hide ? hideTitle(title) : showTitleAgain(title)),
    // A click while the last is still being saved is the member's newest wish: the changes of one
    // title are sent one after the other, and the button shows the last one asked for.
    scope: { id: `not-interested:${key}` },
    onSuccess: () => refresh(true),
  });
  const saved = (list.data ?? []).some((item) => listEntryKey(item.contentType, item.contentId) === key);
  const hidden = change.isPending ? change.variables.hide : saved;
  const toggle = () => {
    if (status === 'signed-out') {
      void navigate(href('login'));
      return;
    }
    if (status !== 'signed-in') return;
    change.mutate({ hide: !hidden });
  };
  return { hidden, toggle };
}
