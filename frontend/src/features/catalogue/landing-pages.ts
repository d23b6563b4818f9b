import {
  CATALOGUE_YEARS,
  type LandingList,
  type Movie,
  pageAt,
  TOP_LIST_SIZE,
  trimTrailingSlashes,
} from '@cinefold/contracts';
import { type GenrePage, genrePages, type GenreSlug } from '../../config/genres';
import type { MovieFilters } from './api/filters';
import { countOf, noun } from '../../lib/numbers';
import { isMarvelTitle } from './marvel';

/**
 * What a landing page asks the movie list for: its list in the site map (spec section 9: genre
 * and year pages and trending show the 50 most popular, the top list the 100 best rated, and the
 * Marvel page sifts the 100 most popular on the client, which the list is not told).
 */
export function landingFilters({ genre, year, limit, sortBy }: LandingList): MovieFilters {
  return {
    limit,
    sortBy,
    ...(genre === undefined ? {} : { genre }),
    ...(year === undefined ? {} : { year }),
  };
}

/** The genre names as the catalogue stores them: shared with the gateway, which lists them too. */
export { catalogueGenreName } from '@cinefold/contracts';

/** The genre page at `pathname` (`/action-movies`, a trailing slash allowed), if there is one. */
export function genrePageForPath(pathname: string): GenrePage | undefined {
  const page = pageAt(trimTrailingSlashes(pathname));
  return page?.id === 'genre' ? genrePages.find(({ slug }) => slug === page.params.genre) : undefined;
}

/** Every genre page but `current`, for the links at the bottom of a genre page. */
export function otherGenrePages(current: GenreSlug): GenrePage[] {
  return genrePages.filter((page) => page.slug !== current);
}

export function isCatalogueYear(year: number): boolean {
  return Number.isInteger(year) && year >= CATALOGUE_YEARS.min && year <= CATALOGUE_YEARS.max;
}

/**
 * The movies of a landing-page answer. The list answers `{ movies: [...] }`; the spec allows a
 * bare array too, and anything else counts as no movies (the page shows its empty state).
 */
export function landingMovieList(body: unknown): Movie[] {
  if (Array.isArray(body)) return body as Movie[];
  if (typeof body === 'object' && body !== null && 'movies' in body && Array.isArray(body.movies)) {
    return body.movies as Movie[];
  }
  return [];
}

/** The top list keeps at most 100, in the order the API ranked them. */
export function topListMovies(movies: readonly Movie[]): Movie[] {
  return movies.slice(0, TOP_LIST_SIZE);
}

/** The Marvel page's movies: the popular pool's titles with a Marvel keyword, order kept. */
export function marvelMovies(movies: readonly Movie[]): Movie[] {
  return movies.filter((movie) => isMarvelTitle(movie.title ?? ''));
}

/** "Showing 50 movies" under a landing page's title. */
export function showingCount(count: number): string {
  return `Showing ${countOf(count, noun('movie'))}`;
}

/** "Top 100 Movies of November 2026": shared with the gateway, which writes the page's title. */
export { topListHeading } from '@cinefold/contracts';
