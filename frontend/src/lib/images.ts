import { backdropSources, type BackdropSources, imageAddress } from '@cinefold/contracts';

/** The movie database's image host; a poster path such as `/abc.jpg` is appended to a size. */
export const DEFAULT_IMAGE_BASE = 'https://image.tmdb.org/t/p';

/** Set `VITE_IMAGE_BASE_URL` when building to serve images from a mirror or a CDN. */
const IMAGE_BASE = (import.meta.env.VITE_IMAGE_BASE_URL?.trim() || DEFAULT_IMAGE_BASE).replace(/\/+$/, '');

export type ImageSize = 'w185' | 'w500' | 'original';

/** Served from `public/`, so a missing poster still shows a card of the right shape offline. */
export const POSTER_PLACEHOLDER = '/images/poster-placeholder.svg';

/**
 * The address of a poster. Stored values are either a host path (`/abc.jpg`) or,
 * for imported and hand-entered titles, a full URL, which is used as it is.
 */
export function imageUrl(
  path: string | null | undefined,
  size: ImageSize = 'w500',
  base: string = IMAGE_BASE,
): string {
  const value = path?.trim();
  if (!value) return POSTER_PLACEHOLDER;
  return imageAddress(value, size, base);
}

/** A hero's backdrop (src and srcset, drawn at `BACKDROP_SIZES`) on the configured image host. */
export function backdropImage(path: string | null | undefined): BackdropSources | null {
  return backdropSources(path, IMAGE_BASE);
}
