import { landingPageAt, type Movie } from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';
import { genrePages } from '../../config/genres';
import {
  catalogueGenreName,
  genrePageForPath,
  isCatalogueYear,
  landingFilters,
  landingMovieList,
  marvelMovies,
  otherGenrePages,
  showingCount,
  topListHeading,
  topListMovies,
} from './landing-pages';

const movie = (id: number, title: string) => ({ id, title }) as Movie;
/** What the landing page at `path` asks the movie list for. */
const filtersAt = (path: string) => landingFilters(landingPageAt(path, new Date())!.list);

describe('what the landing pages ask for', () => {
  it('asks a genre page for the 50 most popular movies of the genre the catalogue stores', () => {
    expect(filtersAt('/action-movies')).toEqual({ genre: 'Action', limit: 50, sortBy: 'popularity' });
    // TMDB, and so the catalogue, calls it "Science Fiction".
    const sciFi = genrePageForPath('/sci-fi-movies')!;
    expect(catalogueGenreName(sciFi)).toBe('Science Fiction');
    expect(filtersAt('/sci-fi-movies').genre).toBe('Science Fiction');
  });

  it('names every other genre by its own label', () => {
    const names = genrePages.filter((page) => page.slug !== 'sci-fi').map(catalogueGenreName);
    expect(names).toEqual([
      'Action',
      'Comedy',
      'Horror',
      'Drama',
      'Thriller',
      'Romance',
      'Animation',
      'Crime',
      'Fantasy',
    ]);
  });

  it('asks for 50 by popularity on trending and year pages, 100 by rating on the top list', () => {
    expect(filtersAt('/trending-movies')).toEqual({ limit: 50, sortBy: 'popularity' });
    expect(filtersAt('/movies-2010')).toEqual({ year: 2010, limit: 50, sortBy: 'popularity' });
    expect(filtersAt('/top-100-movies')).toEqual({ limit: 100, sortBy: 'rating' });
    expect(filtersAt('/top-rated-movies')).toEqual({ limit: 100, sortBy: 'rating' });
    expect(filtersAt('/marvel-movies')).toEqual({ limit: 100, sortBy: 'popularity' });
  });

  it('only asks for years the movie list accepts', () => {
    expect(isCatalogueYear(2024)).toBe(true);
    expect(isCatalogueYear(1800)).toBe(true);
    expect(isCatalogueYear(2100)).toBe(true);
    expect(isCatalogueYear(1799)).toBe(false);
    expect(isCatalogueYear(9999)).toBe(false);
  });
});

describe('genre pages', () => {
  it('finds the genre of a path, with or without a trailing slash', () => {
    expect(genrePageForPath('/sci-fi-movies')?.label).toBe('Sci-Fi');
    expect(genrePageForPath('/horror-movies/')?.slug).toBe('horror');
    expect(genrePageForPath('/western-movies')).toBeUndefined();
    expect(genrePageForPath('/')).toBeUndefined();
  });

  it('links to the nine other genres', () => {
    const others = otherGenrePages('drama');
    expect(others).toHaveLength(9);
    expect(others.map((page) => page.slug)).not.toContain('drama');
  });
});

describe('landing-page lists', () => {
  it('reads the movies out of a list answer or a bare array, and nothing out of anything else', () => {
    const movies = [movie(1, 'Inception')];
    expect(landingMovieList({ movies, page: 1, pages: 1, total: 1 })).toEqual(movies);
    expect(landingMovieList(movies)).toEqual(movies);
    expect(landingMovieList({ message: 'nope' })).toEqual([]);
    expect(landingMovieList(undefined)).toEqual([]);
  });

  it('keeps at most 100 on the top list, in the order given', () => {
    const many = Array.from({ length: 120 }, (_, i) => movie(i + 1, `Film ${i + 1}`));
    const top = topListMovies(many);
    expect(top).toHaveLength(100);
    expect(top[0]?.id).toBe(1);
    expect(top[99]?.id).toBe(100);
  });

  it('keeps only the Marvel titles of the popular pool, in its order', () => {
    const pool = [
      movie(1, 'Inception'),
      movie(2, 'Iron Man 2'),
      movie(3, 'The Dark Knight'),
      movie(4, 'X-Men: First Class'),
      movie(5, 'Deadpool'),
    ];
    expect(marvelMovies(pool).map((m) => m.id)).toEqual([2, 4, 5]);
  });

  it('counts what it shows', () => {
    expect(showingCount(50)).toBe('Showing 50 movies');
    expect(showingCount(0)).toBe('Showing 0 movies');
    expect(showingCount(1)).toBe('Showing 1 movie');
  });

  it('names the month and year on the top list', () => {
    expect(topListHeading(new Date(2026, 10, 3))).toBe('Top 100 Movies of November 2026');
  });
});
