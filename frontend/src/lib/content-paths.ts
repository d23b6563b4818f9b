import type { ContentId, ContentType } from '@cinefold/contracts';

/** The detail page of a movie or TV show. */
export function contentPath(contentType: ContentType, contentId: ContentId): string {
  const id = encodeURIComponent(String(contentId));
  return contentType === 'tv' ? `/tv-shows/${id}` : `/movies/${id}`;
}
