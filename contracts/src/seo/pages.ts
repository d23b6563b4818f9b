/**
 * The site's pages as search engines see them (spec section 1): what a page that lists titles
 * is called and which titles it lists (read from the site map), and the rules its head follows.
 * Shared by the gateway, which writes each page's head into the HTML it serves, and the app,
 * which renders the same head (see heads.ts).
 */
import { trimTrailingSlashes } from '../routes.js';
import { type LandingList, listWordsAt } from '../site-map.js';
import { SITE_NAME } from '../site.js';
import type { TitleType } from '../vocabulary.js';

export const TITLE_IMAGE_BASE = 'https://image.tmdb.org/t/p';

/** Structured-data lists use the first 10 items (spec section 9). */
export const STRUCTURED_LIST_SIZE = 10;
/** The largest number of addresses in one sitemap file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** Title words that mark a Marvel film (spec section 9); matched anywhere in the title, any case. */
export const MARVEL_KEYWORDS = [
  'marvel',
  'avengers',
  'iron man',
  'spider-man',
  'thor',
  'captain america',
  'black panther',
  'guardians',
  'x-men',
  'deadpool',
] as const;

export function isMarvelTitle(title: string): boolean {
  const lower = title.toLowerCase();
  return MARVEL_KEYWORDS.some((keyword) => lower.includes(keyword));
}

/** The years the movie list accepts (GET /api/movies answers 400 outside them). */
export const CATALOGUE_YEARS = { min: 1800, max: 2100 } as const;

/** A page whose head names a list of titles: the landing pages, and the two listings. */
export interface ListPage {
  readonly kind: 'list';
  readonly path: string;
  readonly heading: string;
  readonly title: string;
  readonly description: string;
  readonly type: TitleType;
  readonly list: LandingList;
}

/** The list page at `pathname` (a listing or a landing page), if it is one, on the day `now`. */
export function landingPageAt(pathname: string, now: Date): ListPage | null {
  const path = trimTrailingSlashes(pathname);
  const words = listWordsAt(path, now);
  if (!words) return null;
  return {
    kind: 'list',
    path,
    heading: words.heading,
    title: words.title ?? `${words.heading} · Stream free · ${SITE_NAME}`,
    description: words.description,
    type: words.type ?? 'movie',
    list: words.list,
  };
}
