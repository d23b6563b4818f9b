import { TITLE_IMAGE_BASE } from './pages.js';

/** How wide a hero's backdrop is drawn: the whole width of the window, on every screen. */
export const BACKDROP_SIZES = '100vw';

/** The image host's backdrop widths the browser chooses from (a phone needs no 1280-pixel still). */
const BACKDROP_WIDTHS = [780, 1280] as const;

export interface BackdropSources {
  readonly src: string;
  /** Empty for a title whose backdrop is a full address elsewhere (one size only). */
  readonly srcSet: string;
}

/**
 * A stored image path on the image host at `size` (`w500`, `w1280`, …): a host path (`/abc.jpg`)
 * goes after the size; a full address (imported and hand-entered titles) is used as it is.
 */
export function imageAddress(path: string, size: string, base = TITLE_IMAGE_BASE): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${base}/${size}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * A hero's backdrop as an `<img>`'s `src` and `srcset` (with `sizes` BACKDROP_SIZES). The app's
 * heroes and the gateway's first screen both draw it from here, so a browser picks the same file
 * for both and the app finds it already loaded. Stored paths are a host path (`/abc.jpg`) or, for
 * imported and hand-entered titles, a full address, used as it is.
 */
export function backdropSources(
  path: string | null | undefined,
  base = TITLE_IMAGE_BASE,
): BackdropSources | null {
  const value = path?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return { src: value, srcSet: '' };
  const at = (width: number) => imageAddress(value, `w${width}`, base);
  return {
    src: at(1280),
    srcSet: BACKDROP_WIDTHS.map((width) => `${at(width)} ${width}w`).join(', '),
  };
}
