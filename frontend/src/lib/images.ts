/** The movie database's image host; a poster path such as `/abc.jpg` is appended to a size. */
const IMAGE_HOST = 'https://image.tmdb.org/t/p';

export type ImageSize = 'w185' | 'w500' | 'w1280' | 'original';

/** Served from `public/`, so a missing poster still shows a card of the right shape offline. */
export const POSTER_PLACEHOLDER = '/images/poster-placeholder.svg';

/**
 * The address of a poster or backdrop. Stored values are either a host path (`/abc.jpg`) or,
 * for imported and hand-entered titles, a full URL, which is used as it is.
 */
export function imageUrl(path: string | null | undefined, size: ImageSize = 'w500'): string {
  const value = path?.trim();
  if (!value) return POSTER_PLACEHOLDER;
  if (/^https?:\/\//i.test(value)) return value;
  return `${IMAGE_HOST}/${size}${value.startsWith('/') ? value : `/${value}`}`;
}
