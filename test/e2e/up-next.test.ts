import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  appSettled,
  callApi,
  newAccount,
  registerByApi,
  signInByApi,
  storedItem,
} from './support/accounts.js';
import { importCsv } from './support/catalogue.js';
import { nextAnswer } from './support/page-helpers.js';
import { useSiteSession } from './support/session.js';
import { seriousViolations } from './support/axe.js';

const site = useSiteSession();

const movieHeader =
  'id,title,vote_average,vote_count,status,release_date,revenue,runtime,adult,backdrop_path,budget,homepage,imdb_id,original_language,original_title,overview,popularity,poster_path,tagline,genres,production_companies,production_countries,spoken_languages,keywords';
const tvHeader =
  'id,name,number_of_seasons,number_of_episodes,original_language,vote_count,vote_average,overview,adult,backdrop_path,first_air_date,last_air_date,homepage,in_production,original_name,popularity,poster_path,type,status,tagline,genres,created_by,languages,networks,origin_country,spoken_languages,production_companies,production_countries,episode_run_time';
const movieRow = (id: number, title: string, popularity: number) =>
  `${id},${title},7.5,100,Released,2020-01-01,0,100,False,,0,,,en,${title},"About ${title}.",${popularity},,,Drama,,,,`;
/** A show of `seasons` seasons of two episodes each. */
const showRow = (id: number, name: string, seasons: number) =>
  `${id},${name},${seasons},${seasons * 2},en,100,8,"About ${name}.",False,,2020-01-01,2021-01-01,,False,${name},50,,Scripted,Ended,,Drama,,en,,,,,,30`;

beforeAll(async () => {
  const movies = [
    movieRow(501, 'Heist Night', 90),
    movieRow(502, 'Voyage Home', 80),
    movieRow(503, 'Quiet Lake', 70),
  ];
  expect((await importCsv(site.url, `${movieHeader}\n${movies.join('\n')}\n`)).status).toBe(200);
  expect(
    (await importCsv(site.url, `${tvHeader}\n${showRow(601, 'Orbit', 3)}\n`, { type: 'tv' })).status,
  ).toBe(200);
}, 60_000);

async function member(): Promise<{ page: Page; account: Account }> {
  const account = newAccount('Sam Viewer');
  await registerByApi(site.url, account);
  const page = await site.newPage();
  await signInByApi(page, site.url, account);
  return { page, account };
}

const row = (page: Page) => page.getByRole('region', { name: 'Continue Watching' });
const nowPlaying = (page: Page) => page.getByRole('heading', { name: /^Now Playing:/ });
/** The links to a title in the page's main part (its rows, grids and lists). */
const titleLinks = (page: Page, name: RegExp) => page.getByRole('main').getByRole('link', { name });

async function openHome(page: Page) {
  await page.goto(`${site.url}/`);
  await appSettled(page);
  await page.getByRole('region', { name: 'Trending Movies' }).waitFor();
}

describe('Up Next', () => {
  it('puts Continue Watching first on the home page after a watch, follows a show into its next season, and opens its page on that episode', async () => {
    const { page } = await member();
    await openHome(page);
    expect(await row(page).count()).toBe(0);

    // The show's page starts at season 1 episode 1 for a member with no history of it.
    await page.goto(`${site.url}/tv-shows/601`);
    await expect.poll(() => nowPlaying(page).textContent()).toBe('Now Playing: Season 1 Episode 1');
    await page.getByRole('button', { name: 'Next episode: season 1 episode 2' }).click();
    await expect.poll(() => nowPlaying(page).textContent()).toBe('Now Playing: Season 1 Episode 2');
    // The last episode of season 1: Next episode goes on to season 2.
    await page.getByRole('button', { name: 'Next episode: season 2 episode 1' }).click();
    await expect.poll(() => nowPlaying(page).textContent()).toBe('Now Playing: Season 2 Episode 1');

    await openHome(page);
    const continueOrbit = row(page).getByRole('link', { name: 'Continue Orbit: Season 2 · Episode 1' });
    await continueOrbit.waitFor();
    // First among the home's rows.
    const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    // (After the hero's title.)
    expect(headings.indexOf('Continue Watching')).toBeGreaterThanOrEqual(0);
    expect(headings.indexOf('Continue Watching')).toBeLessThan(headings.indexOf('Trending Movies'));
    expect(headings.slice(headings.indexOf('Continue Watching') + 1)).toEqual(
      expect.arrayContaining(['Trending Movies', 'Top Rated Movies']),
    );
    expect(await seriousViolations(page)).toEqual([]);

    await continueOrbit.click();
    await page.waitForURL((url) => url.pathname === '/tv-shows/601' && url.search === '?season=2&episode=1');
    await expect.poll(() => nowPlaying(page).textContent()).toBe('Now Playing: Season 2 Episode 1');

    // Without the address's episode, the page starts at the member's next one too.
    await page.goto(`${site.url}/tv-shows/601`);
    await expect.poll(() => nowPlaying(page).textContent()).toBe('Now Playing: Season 2 Episode 1');
    expect(await seriousViolations(page)).toEqual([]);
    // Seven pages and two accessibility checks: a journey, given a journey's time.
  }, 60_000);

  it('marks a season as watched in one action, then offers the next season', async () => {
    const { page } = await member();
    await page.goto(`${site.url}/tv-shows/601?season=2&episode=1`);
    await expect.poll(() => nowPlaying(page).textContent()).toBe('Now Playing: Season 2 Episode 1');
    await page.getByRole('button', { name: 'Mark season 2 watched' }).click();
    await page.getByRole('status').filter({ hasText: 'Marked as watched.' }).waitFor();

    await openHome(page);
    await row(page).getByRole('link', { name: 'Continue Orbit: Season 3 · Episode 1' }).waitFor();
    await page.goto(`${site.url}/tv-shows/601`);
    await expect.poll(() => nowPlaying(page).textContent()).toBe('Now Playing: Season 3 Episode 1');
  });

  it('removes an item from the row without erasing the watch history', async () => {
    const { page } = await member();
    await page.goto(`${site.url}/movies/501`);
    await page.getByRole('heading', { name: 'Heist Night', level: 1 }).waitFor();
    await openHome(page);
    const heist = row(page).getByRole('link', { name: 'Continue Heist Night: Movie' });
    await heist.waitFor();
    await row(page).getByRole('button', { name: 'Remove Heist Night from Continue Watching' }).click();
    await row(page).waitFor({ state: 'detached' });

    await page.goto(`${site.url}/profile`);
    await page
      .getByRole('tabpanel')
      .getByRole('link', { name: /Heist Night/ })
      .waitFor();
    // And the next page still shows the row without it.
    await openHome(page);
    expect(await row(page).count()).toBe(0);
  });
});

describe('Not interested', () => {
  it('hides a title from the member’s home rows and listing but not from a guest’s, and is undone from the profile', async () => {
    const { page } = await member();
    await openHome(page);
    const trending = page.getByRole('region', { name: 'Trending Movies' });
    await trending.getByRole('link', { name: /Voyage Home/ }).waitFor();
    await trending.getByRole('button', { name: 'Not interested in: Voyage Home' }).first().click();
    await trending.getByRole('link', { name: /Voyage Home/ }).waitFor({ state: 'detached' });
    expect(await titleLinks(page, /Voyage Home/).count()).toBe(0);

    await page.goto(`${site.url}/movies`);
    await titleLinks(page, /Quiet Lake/).waitFor();
    expect(await titleLinks(page, /Voyage Home/).count()).toBe(0);

    // A guest sees it everywhere.
    const guest = await site.newPage();
    await openHome(guest);
    await guest
      .getByRole('region', { name: 'Trending Movies' })
      .getByRole('link', { name: /Voyage Home/ })
      .waitFor();
    await guest.goto(`${site.url}/movies`);
    await titleLinks(guest, /Voyage Home/).waitFor();

    await page.goto(`${site.url}/profile`);
    const hidden = page.getByRole('region', { name: 'Not interested' });
    await hidden.getByRole('link', { name: /Voyage Home/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await hidden.getByRole('button', { name: 'Show Voyage Home again' }).click();
    await hidden.getByRole('link', { name: /Voyage Home/ }).waitFor({ state: 'detached' });

    await openHome(page);
    await page
      .getByRole('region', { name: 'Trending Movies' })
      .getByRole('link', { name: /Voyage Home/ })
      .waitFor();
  });

  it('is offered on a title page, and sends a guest to sign in', async () => {
    const { page } = await member();
    await page.goto(`${site.url}/movies/503`);
    const button = page.getByRole('button', { name: 'Not interested' });
    const saved = nextAnswer(page, 'POST', '/api/user/not-interested');
    await button.click();
    await page.getByRole('button', { name: 'Hidden from your pages', pressed: true }).waitFor();
    await saved;
    const token = await storedItem(page, 'token');
    const list = await callApi(site.url, 'GET', '/user/not-interested', { token: token! });
    expect((list.body as { title: string }[]).map((t) => t.title)).toEqual(['Quiet Lake']);

    const guest = await site.newPage();
    await guest.goto(`${site.url}/movies/503`);
    await guest.getByRole('button', { name: 'Not interested' }).click();
    await guest.waitForURL((url) => url.pathname === '/login');
  });

  it('keeps a second click made while the first is still being saved', async () => {
    const { page } = await member();
    // The first change takes a while to reach the server, as it may on a slow line.
    await page.route('**/api/user/not-interested', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.goto(`${site.url}/movies/502`);
    const shownAgain = nextAnswer(page, 'DELETE', '/api/user/not-interested');
    await page.getByRole('button', { name: 'Not interested' }).click();
    await page.getByRole('button', { name: 'Hidden from your pages' }).click();
    await page.getByRole('button', { name: 'Not interested', pressed: false }).waitFor();
    await shownAgain;

    const token = await storedItem(page, 'token');
    const list = await callApi(site.url, 'GET', '/user/not-interested', { token: token! });
    expect(list.body).toEqual([]);
  });
});
