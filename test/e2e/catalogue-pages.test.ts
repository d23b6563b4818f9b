import type { Movie, TvShow } from '@cinefold/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  newAccount,
  registerByApi,
  signInByApi,
  storedItem,
  userMenuButton,
} from './support/accounts.js';
import { generatedTvCsv, importCsv, importSampleMovies } from './support/catalogue.js';
import { nextAnswer, pathnameOf } from './support/page-helpers.js';
import { useSiteSession } from './support/session.js';

const site = useSiteSession();
const INCEPTION = 27205;

async function api<T>(path: string): Promise<T> {
  const answer = await callApi(site.url, 'GET', path);
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
  return answer.body as T;
}

/** The titles of the cards in the main listing grid, in order. */
async function cardTitles(page: Page, hrefPrefix: string): Promise<string[]> {
  const cards = page.locator(`main a[href^="${hrefPrefix}"]`);
  await cards.first().waitFor();
  return cards.evaluateAll((links) =>
    links.map((link) => link.querySelector('p')?.textContent?.trim() ?? ''),
  );
}

beforeAll(async () => {
  await importSampleMovies(site.url, 300);
  const tv = await importCsv(site.url, generatedTvCsv(40), { type: 'tv' });
  expect(tv.status).toBe(200);
});

describe('the home page', () => {
  it('puts the first trending movie in the hero, with Watch Now on its player and More Info on its page', async () => {
    const [first] = await api<Movie[]>('/movies/trending/now');
    const page = await site.newPage();
    await page.goto(site.url);

    const hero = page.locator('#home-hero-title');
    await expect.poll(() => hero.textContent()).toBe(first!.title);
    for (const [name, href] of [
      ['Watch Now', `/movies/${first!.id}#player`],
      ['More Info', `/movies/${first!.id}`],
    ] as const) {
      expect(await page.getByRole('link', { name }).first().getAttribute('href')).toBe(href);
    }
  });

  it('shows the four rows, each with View All', async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    for (const [heading, target] of [
      ['Trending Movies', '/movies'],
      ['Top Rated Movies', '/movies'],
      ['Trending TV Shows', '/tv-shows'],
      ['Top Rated TV Shows', '/tv-shows'],
    ] as const) {
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(await page.getByRole('link', { name: `View all: ${heading}` }).getAttribute('href')).toBe(
        target,
      );
    }
  });
});

describe('the movie listing', () => {
  it('shows the first page of the most popular movies, twenty to a page', async () => {
    const expected = await api<{ movies: Movie[]; pages: number }>('/movies?page=1&sortBy=popularity');
    const page = await site.newPage();
    await page.goto(`${site.url}/movies`);
    expect(await cardTitles(page, '/movies/')).toEqual(expected.movies.map((m) => m.title));
    expect(expected.pages).toBe(15);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    const second = await api<{ movies: Movie[] }>('/movies?page=2&sortBy=popularity');
    await expect.poll(() => cardTitles(page, '/movies/')).toEqual(second.movies.map((m) => m.title));
  });

  it('searches from page 1 and keeps the search in the address', async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/movies?page=3`);
    await page.getByRole('searchbox', { name: 'Search movies' }).fill('inception');
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    await expect.poll(() => cardTitles(page, '/movies/')).toEqual(['Inception']);
    const params = new URL(page.url()).searchParams;
    expect(params.get('search')).toBe('inception');
    expect(params.get('page') ?? '1').toBe('1');
  });

  it('filters by genre and sorts by rating, as the API does', async () => {
    const expected = await api<{ movies: Movie[] }>('/movies?genre=Animation&sortBy=rating');
    const page = await site.newPage();
    await page.goto(`${site.url}/movies`);
    await page.getByRole('combobox', { name: 'Genre' }).selectOption('Animation');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Top Rated' });
    await expect.poll(() => cardTitles(page, '/movies/')).toEqual(expected.movies.map((m) => m.title));
    expect(expected.movies.every((m) => m.genres.includes('Animation'))).toBe(true);
  });

  it("says 'No movies found' when nothing matches", async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/movies?search=zzqqxxnothing`);
    await page.getByText('No movies found').waitFor();
  });
});

describe('a movie page', () => {
  it('shows the movie, the player with its two servers and the additional information', async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/movies/${INCEPTION}`);
    await page.getByRole('heading', { name: 'Inception', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Server 1' }).waitFor();
    await page.getByRole('button', { name: 'Server 2' }).waitFor();
    await page.getByText('Open in new tab').waitFor();
    await page.getByRole('button', { name: 'Reload Page' }).waitFor();
    await page
      .getByText('Having trouble on mobile? Try switching servers or open the player directly.')
      .waitFor();
    const info = page.locator('section[aria-labelledby="additional-information"]');
    await info.getByText('$160,000,000').waitFor();
    await info.getByText('$825,532,764').waitFor();
    await info.getByText('EN', { exact: true }).waitFor();
    await page.getByText('2h 28m').first().waitFor();
  });

  it("says 'Movie not found' for an id the catalogue does not have", async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/movies/999999999`);
    await page.getByText('Movie not found').waitFor();
  });

  it('sends a guest who wants a favorite to sign in', async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/movies/${INCEPTION}`);
    await page.getByRole('button', { name: 'Add to Favorites' }).click();
    await expect.poll(() => pathnameOf(page)).toBe('/login');
  });

  it('keeps a second click made while the first is still being saved', async () => {
    const account = newAccount('Quick');
    await registerByApi(site.url, account);
    const page = await site.newPage();
    await signInByApi(page, site.url, account);
    // The first change takes a while to reach the server, as it may on a slow line.
    await page.route('**/api/user/favorites', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.goto(`${site.url}/movies/${INCEPTION}`);
    const removed = nextAnswer(page, 'DELETE', '/api/user/favorites');
    await page.getByRole('button', { name: 'Add to Favorites' }).click();
    await page.getByRole('button', { name: 'In Favorites' }).click();
    await page.getByRole('button', { name: 'Add to Favorites' }).waitFor();
    await removed;

    const token = await storedItem(page, 'token');
    const favorites = await callApi(site.url, 'GET', '/user/favorites', { token: token! });
    expect(favorites.body).toEqual([]);
  });

  it("records a member's view once, and again on each server click", async () => {
    const account = newAccount('Viewer');
    await registerByApi(site.url, account);
    const page = await site.newPage();
    await signInByApi(page, site.url, account);
    await page.goto(`${site.url}/movies/${INCEPTION}`);
    await page.getByRole('button', { name: 'Add to Favorites' }).click();
    await page.getByRole('button', { name: 'In Favorites' }).waitFor();
    await page.getByRole('button', { name: 'Server 2' }).click();

    const token = await storedItem(page, 'token');
    await expect
      .poll(async () => {
        const history = await callApi(site.url, 'GET', '/user/watch-history', { token: token! });
        return (history.body as { contentId: number }[]).map((entry) => entry.contentId);
      })
      .toEqual([INCEPTION, INCEPTION]);
  });

  it("shows a title added on its page in the profile, and the page's button follows a removal made there", async () => {
    const account = newAccount('Lists');
    await registerByApi(site.url, account);
    const page = await site.newPage();
    await signInByApi(page, site.url, account);
    await page.goto(`${site.url}/movies/${INCEPTION}`);
    await page.getByRole('button', { name: 'Add to Watchlist' }).click();
    await page.getByRole('button', { name: 'In Watchlist' }).waitFor();

    // Within the page, without reloading: the profile and the button read the same copy of the lists.
    await userMenuButton(page, account).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const watchlistTab = page.getByRole('main').getByRole('tab', { name: /^Watchlist/ });
    await expect.poll(() => watchlistTab.textContent()).toBe('Watchlist1');
    await watchlistTab.click();
    await page.getByRole('button', { name: 'Remove Inception from watchlist' }).click();
    await expect.poll(() => watchlistTab.textContent()).toBe('Watchlist0');

    await page.goBack();
    await page.getByRole('button', { name: 'Add to Watchlist' }).waitFor();
    expect(await page.getByRole('button', { name: 'In Watchlist' }).count()).toBe(0);
  });
});

describe('a movie and a TV show with the same id', () => {
  it('each show their own state on their page: a favorite of one is not a favorite of the other', async () => {
    const imported = await importCsv(site.url, `id,name\n${INCEPTION},Dream Heist\n`, { type: 'tv' });
    expect(imported.status).toBe(200);
    const account = newAccount('Twins');
    await registerByApi(site.url, account);
    const page = await site.newPage();
    await signInByApi(page, site.url, account);

    await page.goto(`${site.url}/movies/${INCEPTION}`);
    await page.getByRole('heading', { name: 'Inception', level: 1 }).waitFor();
    const added = nextAnswer(page, 'POST', '/api/user/favorites');
    await page.getByRole('button', { name: 'Add to Favorites' }).click();
    await page.getByRole('button', { name: 'In Favorites' }).waitFor();
    await added;

    await page.goto(`${site.url}/tv-shows/${INCEPTION}`);
    await page.getByRole('heading', { name: 'Dream Heist', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add to Favorites' }).waitFor();
    expect(await page.getByRole('button', { name: 'In Favorites' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add to Favorites' }).click();
    await page.getByRole('button', { name: 'In Favorites' }).waitFor();
    // Taken off again on its own page: the movie keeps its place.
    const removed = nextAnswer(page, 'DELETE', '/api/user/favorites');
    await page.getByRole('button', { name: 'In Favorites' }).click();
    await page.getByRole('button', { name: 'Add to Favorites' }).waitFor();
    await removed;

    await page.goto(`${site.url}/movies/${INCEPTION}`);
    await page.getByRole('heading', { name: 'Inception', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'In Favorites' }).waitFor();
    const token = await storedItem(page, 'token');
    const favorites = await callApi(site.url, 'GET', '/user/favorites', { token: token! });
    expect((favorites.body as { contentType: string }[]).map((f) => f.contentType)).toEqual(['movie']);
  });
});

describe('a TV show page', () => {
  it('starts on season 1 episode 1 and plays the episode chosen', async () => {
    const { tvShows } = await api<{ tvShows: TvShow[] }>('/tvshows?sortBy=popularity&limit=50');
    const show = tvShows.find((s) => s.number_of_seasons >= 2)!;
    const seasons = await api<{ season_number: number; episode_count: number }[]>(
      `/tvshows/${show.id}/seasons`,
    );
    const page = await site.newPage();
    await page.goto(`${site.url}/tv-shows/${show.id}`);
    await page.getByRole('heading', { name: show.name, level: 1 }).waitFor();
    await page.getByText('Select Episode').waitFor();
    await page.getByRole('heading', { name: 'Now Playing: Season 1 Episode 1' }).waitFor();

    const last = seasons.at(-1)!;
    await page.getByRole('combobox', { name: 'Season' }).selectOption(String(last.season_number));
    await page.getByRole('combobox', { name: 'Episode' }).selectOption(String(last.episode_count));
    await page
      .getByRole('heading', {
        name: `Now Playing: Season ${last.season_number} Episode ${last.episode_count}`,
      })
      .waitFor();
  });

  it("says 'TV show not found' for an id the catalogue does not have", async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/tv-shows/999999999`);
    await page.getByText('TV show not found').waitFor();
  });
});
