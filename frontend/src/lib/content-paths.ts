import type { ContentId, TitleType } from '@cinefold/contracts';

/** The detail page of a movie or TV show. */
export function contentPath(contentType: TitleType, contentId: ContentId): string {
  const id = encodeURIComponent(String(contentId));
  return contentType === 'tv' ? `/tv-shows/${id}` : `/movies/${id}`;
}
