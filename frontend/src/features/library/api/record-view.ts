import type { EpisodeRef, RecordViewRequest } from '@cinefold/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { apiClient } from '../../../lib/api-client';
import { useChangeMutation } from '../../../lib/change-mutation';
import { useAuth } from '../../../lib/auth/auth-context';
import type { LibraryTitle } from '../list-membership';
import { libraryKeys } from './library-keys';

/** A title viewed: a show's with the episode opened (Up Next follows it). */
export type ViewedTitle = LibraryTitle & { readonly episode?: EpisodeRef | null };

export function recordView(title: ViewedTitle): Promise<unknown> {
  const body: RecordViewRequest = {
    contentId: title.contentId,
    contentType: title.contentType,
    title: title.title,
    poster: title.poster,
    progress: 0,
    completed: false,
    ...(title.episode ? { episode: title.episode } : {}),
  };
  return apiClient.post('/user/watch-history', body);
}

/**
 * Records a view of `title` in the member's watch history (spec section 4): once per page view,
 * as soon as both the member and the title are known, and again each time the returned function
 * is called (a server button was pressed), and for a show once per episode opened. Pass null while
 * the title (or a show's first episode) is still loading. Guests
 * record nothing, and a failure is not reported.
 */
export function useRecordView(title: ViewedTitle | null | undefined): () => void {
  const { user } = useAuth();
  const { mutate } = useChangeMutation(recordView, libraryKeys.watchHistory());
  // Survives React's development double-run of effects, which must not count as a second view.
  const recorded = useRef<string | null>(null);

  const memberId = user?.id ?? null;
  // Each episode of a show opened is a view of its own.
  const episodeKey = title?.episode ? `:${title.episode.season}:${title.episode.episode}` : '';
  const viewKey =
    title && memberId ? `${memberId}:${title.contentType}:${String(title.contentId)}${episodeKey}` : null;

  useEffect(() => {
    if (!title || !viewKey || recorded.current === viewKey) return;
    recorded.current = viewKey;
    mutate(title);
  }, [title, viewKey, mutate]);

  return useCallback(() => {
    if (memberId && title) mutate(title);
  }, [memberId, title, mutate]);
}
