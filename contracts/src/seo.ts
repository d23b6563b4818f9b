/**
 * What each page tells search engines (spec section 1): its title, description, canonical path,
 * Open Graph image and structured data. One description of every page, used by the gateway (which
 * writes it into the HTML it serves, for crawlers that run no JavaScript) and by the app (which
 * renders the same tags after it starts), so the two never disagree.
 */
import type { Movie, TvShow } from './api/catalogue.js';
import { GENRES } from './constants.js';
import { trimTrailingSlashes } from './routes.js';
import type { TitleType } from './vocabulary.js';

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

const monthAndYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Top 100 Movies of November 2026": the top list names the month it was made in. */
export function topListHeading(now: Date): string {
  return `Top ${TOP_LIST_SIZE} Movies of ${monthAndYear.format(now)}`;
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

/** Everything a page's head says; `path` is the canonical address from the site's root. */
export interface PageHead {
  readonly title: string;
  readonly description: string;
  readonly path: string;
  /** An absolute address, for Open Graph and Twitter cards. */
  readonly image: string | null;
  readonly ogType: 'website' | 'video.movie' | 'video.tv_show';
  /** 'noindex' (a page that does not exist) or 'noindex,nofollow' (private pages). */
  readonly robots: string | null;
  readonly structuredData: readonly Record<string, unknown>[];
}

const SCHEMA = 'https://schema.org';

export function titleImageUrl(path: string | null | undefined, size = 'w500'): string | null {
  if (!path) return null;
  return `${TITLE_IMAGE_BASE}/${size}${path.startsWith('/') ? '' : '/'}${path}`;
}

export function titleName(type: TitleType, title: Movie | TvShow): string {
  return type === 'movie' ? (title as Movie).title : (title as TvShow).name;
}

function titleDate(type: TitleType, title: Movie | TvShow): string | null {
  return type === 'movie' ? (title as Movie).release_date : (title as TvShow).first_air_date;
}

function yearOf(date: string | null | undefined): string {
  return /^\d{4}/.exec(date?.trim() ?? '')?.[0] ?? '';
}

/** At most `limit` characters, cut at a word, with an ellipsis. */
export function shortDescription(text: string, limit = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), Math.floor(limit / 2)));
  return `${atWord.replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The document title of a title's page: "Inception (2010) · Watch free · Cinefold". */
export function titlePageTitle(type: TitleType, title: Movie | TvShow): string {
  const year = yearOf(titleDate(type, title));
  return `${titleName(type, title)}${year ? ` (${year})` : ''} · Watch free · ${SITE_NAME}`;
}

/** ISO 8601 duration of a number of minutes: 136 → PT2H16M. */
export function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  return `PT${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}

function genreList(genres: string): string[] {
  return genres
    .split(',')
    .map((g) => g.trim())
    .filter((g) => g.length > 0);
}

/** Schema.org `Movie` or `TVSeries` of a title. */
export function titleStructuredData(
  origin: string,
  type: TitleType,
  title: Movie | TvShow,
): Record<string, unknown> {
  const movie = title as Movie;
  const show = title as TvShow;
  const minutes = type === 'movie' ? movie.runtime : show.episode_run_time;
  const date = titleDate(type, title);
  const image = titleImageUrl(title.poster_path);
  return {
    '@context': SCHEMA,
    '@type': type === 'movie' ? 'Movie' : 'TVSeries',
    name: titleName(type, title),
    url: `${origin}${titlePath(type, title.id)}`,
    ...(title.overview ? { description: title.overview } : {}),
    ...(image ? { image } : {}),
    ...(type === 'movie' ? (date ? { datePublished: date } : {}) : date ? { startDate: date } : {}),
    ...(type === 'tv' && show.last_air_date ? { endDate: show.last_air_date } : {}),
    ...(type === 'tv' && show.number_of_seasons > 0 ? { numberOfSeasons: show.number_of_seasons } : {}),
    ...(type === 'tv' && show.number_of_episodes > 0 ? { numberOfEpisodes: show.number_of_episodes } : {}),
    genre: genreList(title.genres),
    ...(minutes > 0 ? { duration: isoDuration(minutes) } : {}),
    ...(title.vote_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: title.vote_average,
            ratingCount: title.vote_count,
            bestRating: 10,
            worstRating: 0,
          },
        }
      : {}),
  };
}

export function titleHead(origin: string, type: TitleType, title: Movie | TvShow): PageHead {
  const name = titleName(type, title);
  return {
    title: titlePageTitle(type, title),
    description: title.overview ? shortDescription(title.overview) : `Watch ${name} free on ${SITE_NAME}.`,
    path: titlePath(type, title.id),
    image: titleImageUrl(title.backdrop_path, 'w1280') ?? titleImageUrl(title.poster_path),
    ogType: type === 'movie' ? 'video.movie' : 'video.tv_show',
    robots: null,
    structuredData: [titleStructuredData(origin, type, title)],
  };
}

export function homeHead(origin: string): PageHead {
  return {
    title: `${SITE_NAME} · ${SITE_TAGLINE}`,
    description: SITE_DESCRIPTION,
    path: '/',
    image: null,
    ogType: 'website',
    robots: null,
    structuredData: [
      {
        '@context': SCHEMA,
        '@type': 'WebSite',
        name: SITE_NAME,
        url: `${origin}/`,
        description: SITE_DESCRIPTION,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${origin}/movies?search={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
      {
        '@context': SCHEMA,
        '@type': 'Organization',
        name: SITE_NAME,
        url: `${origin}/`,
        logo: `${origin}/favicon.svg`,
        description: SITE_DESCRIPTION,
      },
    ],
  };
}

/** The items a list page shows, in its order (the Marvel page keeps only Marvel titles). */
export function listPageItems<T extends Movie | TvShow>(page: ListPage, answer: readonly T[]): T[] {
  const kept = page.list.marvelOnly
    ? answer.filter((t) => isMarvelTitle((t as Movie).title ?? ''))
    : [...answer];
  return kept.slice(0, page.list.limit);
}

/** A list page's head, with an `ItemList` of its first 10 items. */
export function listHead(origin: string, page: ListPage, items: readonly (Movie | TvShow)[]): PageHead {
  const first = items[0];
  return {
    title: page.title,
    description: page.description,
    path: page.path,
    image: first ? (titleImageUrl(first.backdrop_path, 'w1280') ?? titleImageUrl(first.poster_path)) : null,
    ogType: 'website',
    robots: null,
    structuredData: [
      {
        '@context': SCHEMA,
        '@type': 'ItemList',
        name: page.heading,
        url: `${origin}${page.path}`,
        itemListElement: items.slice(0, STRUCTURED_LIST_SIZE).map((item, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          url: `${origin}${titlePath(page.type, item.id)}`,
          name: titleName(page.type, item),
        })),
      },
    ],
  };
}

/** A page with nothing of the catalogue in its head: the site's title and description. */
export function plainHead(pathname: string, robots: string | null = null): PageHead {
  return {
    title: `${SITE_NAME} · ${SITE_TAGLINE}`,
    description: SITE_DESCRIPTION,
    path: trimTrailingSlashes(pathname),
    image: null,
    ogType: 'website',
    robots,
    structuredData: [],
  };
}

/** A title that does not exist (or is hidden): its not-found page, kept out of the index. */
export function notFoundHead(pathname: string, message: string): PageHead {
  return { ...plainHead(pathname, 'noindex'), title: `${message} · ${SITE_NAME}` };
}

/** JSON for an inline `<script type="application/ld+json">`: `<` escaped so no text ends it early. */
export function structuredDataJson(data: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
