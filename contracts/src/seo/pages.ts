/**
 * The site's pages as search engines see them (spec section 1): the site's own words, the
 * landing pages (what each is called and which titles it lists), and which routes are titles or
 * private. Shared by the gateway, which writes each page's head into the HTML it serves, and the
 * app, which renders the same head (see heads.ts).
 */
import { GENRES } from '../constants.js';
import { trimTrailingSlashes } from '../routes.js';
import { onFirstUse } from '../on-first-use.js';
import type { TitleType } from '../vocabulary.js';

export const SITE_NAME = 'Cinefold';
export const SITE_TAGLINE = 'Stream and discover movies and TV shows, free.';
export const SITE_DESCRIPTION =
  'Cinefold is a free place to stream and discover movies and TV shows. Browse by genre, ' +
  'see what is trending and keep your favorites and watchlist in one place.';
/** The browser's UI colour (index.html and the web app manifest). */
export const THEME_COLOR = '#09080a';
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

export type GenrePageSlug = (typeof GENRES)[number]['slug'];

/** The first words of each genre landing page, also its meta description. */
export const GENRE_PAGE_DESCRIPTIONS: Record<GenrePageSlug, string> = {
  action: 'Car chases, impossible heists and last-second escapes. The biggest action movies, free to stream.',
  comedy: 'From sharp satire to feel-good favourites: comedies that earn their laughs, free to stream.',
  horror: 'Haunted houses, slow-burn dread and jump scares. Horror movies to watch with the lights on.',
  drama: 'Powerful performances and stories that stay with you. Award-winning dramas, free to stream.',
  thriller: 'Twists, conspiracies and cat-and-mouse games. Thrillers that keep you guessing to the end.',
  'sci-fi': 'Distant planets, time travel and the future of humanity. Science fiction, free to stream.',
  romance: 'Love stories of every kind, from sweeping epics to small, perfect moments.',
  animation: 'Hand-drawn classics and dazzling CGI. Animated movies for every age, free to stream.',
  crime: 'Gangsters, detectives and perfect crimes gone wrong. Crime movies with edge.',
  fantasy: 'Quests, magic and legendary creatures. Fantasy movies that take you somewhere else entirely.',
};

/**
 * The genre names as the catalogue stores them (TMDB's), where they differ from the page's short
 * label: the sci-fi page asks for "Science Fiction", not "Sci-Fi".
 */
export function catalogueGenreName(genre: { readonly slug: string; readonly label: string }): string {
  return genre.slug === 'sci-fi' ? 'Science Fiction' : genre.label;
}

/** What a landing page asks the movie list for (spec section 9). */
export interface LandingList {
  readonly sortBy: 'popularity' | 'rating';
  readonly limit: number;
  readonly genre?: string;
  readonly year?: number;
  /** Keep only Marvel titles of the answer (the Marvel page sifts on the client). */
  readonly marvelOnly?: boolean;
}

export const LANDING_PAGE_SIZE = 50;
export const TOP_LIST_SIZE = 100;
export const MARVEL_POOL_SIZE = 100;
/** The years the movie list accepts (GET /api/movies answers 400 outside them). */
export const CATALOGUE_YEARS = { min: 1800, max: 2100 } as const;

const monthAndYear = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

/** "Top 100 Movies of November 2026": the top list names the month it was made in. */
export function topListHeading(now: Date): string {
  return `Top ${TOP_LIST_SIZE} Movies of ${monthAndYear().format(now)}`;
}

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

const streamFree = (heading: string) => `${heading} · Stream free · ${SITE_NAME}`;

function listPage(
  path: string,
  heading: string,
  description: string,
  list: LandingList,
  title = streamFree(heading),
): ListPage {
  return { kind: 'list', path, heading, title, description, type: 'movie', list };
}

/** `/movies-2024` → 2024; anything else → null. */
export function parseYearPath(path: string): number | null {
  const match = /^\/movies-(\d{4})$/.exec(path);
  return match ? Number(match[1]) : null;
}

/** The landing page at `pathname` (genre, top, trending, year, Marvel), if it is one. */
export function landingPageAt(pathname: string, now: Date): ListPage | null {
  const path = trimTrailingSlashes(pathname);
  const genre = GENRES.find((g) => path === `/${g.slug}-movies`);
  if (genre) {
    return listPage(path, `${genre.label} Movies`, GENRE_PAGE_DESCRIPTIONS[genre.slug], {
      genre: catalogueGenreName(genre),
      limit: LANDING_PAGE_SIZE,
      sortBy: 'popularity',
    });
  }
  if (path === '/top-100-movies' || path === '/top-rated-movies') {
    const heading = topListHeading(now);
    return listPage(
      path,
      heading,
      'The highest-rated movies in the catalogue, ranked by what viewers think of them. Free to stream.',
      { limit: TOP_LIST_SIZE, sortBy: 'rating' },
      `${heading} · ${SITE_NAME}`,
    );
  }
  if (path === '/trending-movies') {
    return listPage(
      path,
      'Trending Movies',
      'What everyone is watching right now: the most popular movies on the site, free to stream.',
      { limit: LANDING_PAGE_SIZE, sortBy: 'popularity' },
    );
  }
  if (path === '/marvel-movies') {
    return listPage(
      path,
      'Marvel Movies',
      'Avengers, X-Men, Spider-Man and the rest of the Marvel heroes: the most popular Marvel movies, free to stream.',
      { limit: MARVEL_POOL_SIZE, sortBy: 'popularity', marvelOnly: true },
    );
  }
  const year = parseYearPath(path);
  if (year !== null) {
    const heading = `Best Movies of ${year}`;
    return listPage(path, heading, `The most popular movies released in ${year}, free to stream.`, {
      year,
      limit: LANDING_PAGE_SIZE,
      sortBy: 'popularity',
    });
  }
  if (path === '/movies') {
    return listPage(path, 'Movies', 'Blockbusters, festival favourites and hidden gems, free to stream.', {
      limit: 20,
      sortBy: 'popularity',
    });
  }
  if (path === '/tv-shows') {
    return {
      ...listPage(path, 'TV Shows', 'Binge-worthy series, from prestige drama to comfort comedy.', {
        limit: 20,
        sortBy: 'popularity',
      }),
      type: 'tv',
    };
  }
  return null;
}

/** The pages search engines are kept out of: a member's profile and the back office. */
export function isPrivatePath(pathname: string): boolean {
  const path = trimTrailingSlashes(pathname);
  return path === '/profile' || path === '/admin' || path.startsWith('/admin/');
}

/** `/movies/42` → movie 42, `/tv-shows/7` → TV show 7; anything else → null. */
export function titlePathAt(pathname: string): { type: TitleType; id: string } | null {
  const match = /^\/(movies|tv-shows)\/([^/]+)$/.exec(trimTrailingSlashes(pathname));
  if (!match) return null;
  return { type: match[1] === 'movies' ? 'movie' : 'tv', id: match[2]! };
}

export function titlePath(type: TitleType, id: number | string): string {
  return `${type === 'movie' ? '/movies' : '/tv-shows'}/${id}`;
}

/** The landing pages every sitemap names (the year pages of the last five years with them). */
export function landingPaths(now: Date): string[] {
  const year = now.getUTCFullYear();
  return [
    '/',
    '/movies',
    '/tv-shows',
    ...GENRES.map((g) => `/${g.slug}-movies`),
    '/top-100-movies',
    '/trending-movies',
    '/marvel-movies',
    ...[0, 1, 2, 3, 4].map((back) => `/movies-${year - back}`),
    '/help-center',
    '/terms',
    '/privacy',
    '/contact',
  ];
}
