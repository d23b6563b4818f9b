import { isMarvelTitle, type Movie, wholeSegmentPaths } from '@cinefold/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/accounts.js';
import { importSampleMovies } from './support/catalogue.js';
import { linksIn } from './support/page-helpers.js';
import { useSiteSession } from './support/session.js';

const site = useSiteSession();

/** The genre landing pages, as the site map spells them out. */
const GENRE_PATHS = wholeSegmentPaths('genre');

/** What GET /api/movies answers for `query`: the expected contents of a landing page. */
async function apiMovies(query: Record<string, string | number>): Promise<Movie[]> {
  const search = new URLSearchParams(
    Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  );
  const answer = await callApi(site.url, 'GET', `/movies?${search.toString()}`);
  if (answer.status !== 200) throw new Error(`GET /movies?${search.toString()} answered ${answer.status}`);
  return (answer.body as { movies: Movie[] }).movies;
}

/** The movie ids of the cards in the grid labelled `label`, in order. */
async function gridIds(page: Page, label: string): Promise<number[]> {
  const grid = page.getByRole('list', { name: label, exact: true });
  await grid.getByRole('link').first().waitFor();
  const links = await linksIn(grid);
  return links.map((link) => Number(/^\/movies\/(\d+)$/.exec(link.href ?? '')?.[1]));
}

function genresOf(movie: Movie): string[] {
  return movie.genres.split(',').map((genre) => genre.trim());
}

beforeAll(async () => {
  await importSampleMovies(site.url);
});

describe('genre pages', () => {
  it('lists the 50 most popular action movies with count, why-watch, FAQ, other genres and ads', async () => {
    const expected = await apiMovies({ genre: 'Action', limit: 50, sortBy: 'popularity' });
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.every((movie) => genresOf(movie).includes('Action'))).toBe(true);

    const page = await site.newPage();
    await page.goto(`${site.url}/action-movies`);
    await page.getByRole('heading', { level: 1, name: 'Action Movies' }).waitFor();
    expect(await gridIds(page, 'Action Movies')).toEqual(expected.map((movie) => movie.id));
    await page.getByText(`Showing ${expected.length} movies`, { exact: true }).waitFor();
    expect(await page.title()).toContain('Action Movies');

    const whyWatch = page.getByRole('region', { name: 'Why watch Action movies?' });
    expect(await whyWatch.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    expect(await faq.locator('dt').count()).toBeGreaterThanOrEqual(3);
    expect(await faq.locator('dd').count()).toBe(await faq.locator('dt').count());

    const otherGenres = await linksIn(page.getByRole('list', { name: 'Other genres' }));
    expect(otherGenres.map((link) => link.href).sort()).toEqual(
      GENRE_PATHS.filter((path) => path !== '/action-movies').sort(),
    );
    for (const slot of ['action-movies-top', 'action-movies-bottom']) {
      expect(await page.locator(`[data-ad-slot="${slot}"]`).count(), slot).toBe(1);
    }
  });

  it('asks the sci-fi page for the genre the catalogue stores: Science Fiction', async () => {
    const expected = await apiMovies({ genre: 'Science Fiction', limit: 50, sortBy: 'popularity' });
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.every((movie) => genresOf(movie).includes('Science Fiction'))).toBe(true);

    const page = await site.newPage();
    await page.goto(`${site.url}/sci-fi-movies`);
    expect(await gridIds(page, 'Sci-Fi Movies')).toEqual(expected.map((movie) => movie.id));
    await page.getByText(`Showing ${expected.length} movies`, { exact: true }).waitFor();
  });
});

describe('the top-100 page', () => {
  it('ranks the 100 best-rated movies as the API orders them, with the month and year', async () => {
    const expected = await apiMovies({ limit: 100, sortBy: 'rating' });
    expect(expected).toHaveLength(100);
    const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(new Date());

    const page = await site.newPage();
    await page.goto(`${site.url}/top-100-movies`);
    await page.getByRole('heading', { level: 1, name: `Top 100 Movies of ${monthYear}` }).waitFor();

    const entries = page.getByRole('list', { name: 'Top 100 Movies' }).locator(':scope > li');
    await entries.first().waitFor();
    expect(await entries.count()).toBe(100);
    const shown = await entries.evaluateAll((items) =>
      items.map((item) => ({
        rank: item.getAttribute('data-rank'),
        href: item.querySelector('h2 a')?.getAttribute('href'),
        watch: item.querySelector('a[aria-label^="Watch Now"]')?.getAttribute('href'),
        text: item.textContent ?? '',
      })),
    );
    expect(shown.map((entry) => entry.rank)).toEqual(expected.map((_, index) => String(index + 1)));
    expect(shown.map((entry) => entry.href)).toEqual(expected.map((movie) => `/movies/${movie.id}`));
    expect(shown.map((entry) => entry.watch)).toEqual(expected.map((movie) => `/movies/${movie.id}#player`));
    const first = expected[0]!;
    expect(shown[0]!.text).toContain(first.title);
    expect(shown[0]!.text).toContain(`${first.vote_average.toFixed(1)}/10`);
    expect(shown[0]!.text).toContain(first.release_date!.slice(0, 4));
    for (const genre of genresOf(first).slice(0, 2)) expect(shown[0]!.text).toContain(genre);
  });

  it('is also served at /top-rated-movies', async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/top-rated-movies`);
    await page.getByRole('heading', { level: 1, name: /^Top 100 Movies of / }).waitFor();
    await page.getByRole('list', { name: 'Top 100 Movies' }).locator(':scope > li').first().waitFor();
  });
});

describe('the trending, year and Marvel pages', () => {
  it('shows the 50 most popular movies on /trending-movies', async () => {
    const expected = await apiMovies({ limit: 50, sortBy: 'popularity' });
    expect(expected).toHaveLength(50);

    const page = await site.newPage();
    await page.goto(`${site.url}/trending-movies`);
    expect(await gridIds(page, 'Trending Movies')).toEqual(expected.map((movie) => movie.id));
    await page.getByText('Showing 50 movies', { exact: true }).waitFor();
  });

  it('shows only movies released in 2010 on /movies-2010', async () => {
    const expected = await apiMovies({ year: 2010, limit: 50, sortBy: 'popularity' });
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.every((movie) => movie.release_date?.startsWith('2010'))).toBe(true);

    const page = await site.newPage();
    await page.goto(`${site.url}/movies-2010`);
    await page.getByRole('heading', { level: 1, name: /2010/ }).waitFor();
    expect(await gridIds(page, 'Best Movies of 2010')).toEqual(expected.map((movie) => movie.id));
    await page.getByText(`Showing ${expected.length} movies`, { exact: true }).waitFor();
  });

  it('shows only Marvel titles from the 100 most popular on /marvel-movies', async () => {
    const pool = await apiMovies({ limit: 100, sortBy: 'popularity' });
    const expected = pool.filter((movie) => isMarvelTitle(movie.title));
    expect(expected.length).toBeGreaterThan(1);

    const page = await site.newPage();
    await page.goto(`${site.url}/marvel-movies`);
    expect(await gridIds(page, 'Marvel Movies')).toEqual(expected.map((movie) => movie.id));
    await page.getByText(`Showing ${expected.length} movies`, { exact: true }).waitFor();
  });

  it('answers an unknown segment such as /movies-abc with the not-found page', async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/movies-abc`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  });
});
