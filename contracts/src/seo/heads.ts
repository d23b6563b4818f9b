/**
 * What each page's head says (spec section 1): title, description, canonical path, Open Graph
 * image and structured data. One description of every page, used by the gateway (written into the
 * HTML it serves, for crawlers that run no JavaScript) and by the app (rendered after it starts),
 * so the two never disagree.
 */
import { type Movie, titleDate, titleName, type TvShow, yearOf } from '../api/catalogue.js';
import type { TitleType } from '../vocabulary.js';
import { isMarvelTitle, type ListPage, STRUCTURED_LIST_SIZE, TITLE_IMAGE_BASE } from './pages.js';
import { trimTrailingSlashes } from '../routes.js';
import { href, type PageId, sitePages, titlePath } from '../site-map.js';
import { SITE_DESCRIPTION, SITE_NAME, SITE_TAGLINE } from '../site.js';

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
    path: href('home'),
    image: null,
    ogType: 'website',
    robots: null,
    structuredData: [
      {
        '@context': SCHEMA,
        '@type': 'WebSite',
        name: SITE_NAME,
        url: `${origin}${href('home')}`,
        description: SITE_DESCRIPTION,
        potentialAction: {
          '@type': 'SearchAction',
          target: {
            '@type': 'EntryPoint',
            urlTemplate: `${origin}${href('movies')}?search={search_term_string}`,
          },
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

/** What the site says of an address it has no page at, and of a title it does not have. */
export const PAGE_NOT_FOUND = 'Page not found';
export const TITLE_NOT_FOUND: Readonly<Record<TitleType, string>> = {
  movie: 'Movie not found',
  tv: 'TV show not found',
};

/** The robots rule of a page kept out of search engines, with every address under it. */
export const PRIVATE_ROBOTS = 'noindex,nofollow';

/**
 * The head of a page the site map gives words (the support, account and back-office pages): its
 * name before the site's (and the back office's), its description, kept out of search engines
 * where the site map says so. `pathname`: the address asked for, where it is not the page's own.
 */
export function sitePageHead(id: PageId, pathname: string = sitePages[id].path): PageHead {
  const page = sitePages[id];
  const { words } = page;
  const name = words?.name;
  return {
    ...plainHead(pathname, page.indexed ? null : PRIVATE_ROBOTS),
    ...(name && {
      title: page.access === 'admin' ? `${name} · Admin · ${SITE_NAME}` : `${name} · ${SITE_NAME}`,
    }),
    ...(words?.description && { description: words.description }),
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
