import type { Movie } from '@cinefold/contracts';
import { CSV_COLUMNS } from '@cinefold/platform';
import { csvRecord } from '@cinefold/workers';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, appSettled, callApi, signInByApi } from './support/accounts.js';
import { importCsv, importSampleMovies } from './support/catalogue.js';
import { controlledBy, linksIn, openMobileMenu } from './support/page-helpers.js';
import { useSiteSession } from './support/session.js';

const site = useSiteSession();

const DESKTOP = { width: 1366, height: 900 } as const;
const PHONES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
] as const;

/** Two titles of our own: one with a single vote, one nobody has rated yet. */
const ONE_VOTE = { id: 990001, title: 'Lonely Ballot' };
const NO_VOTES = { id: 990002, title: 'Unseen Premiere' };

function movieRow(fields: Record<string, string>): string {
  return csvRecord(CSV_COLUMNS.movie.map((column) => fields[column] ?? ''));
}

const craftedMovies = [
  csvRecord([...CSV_COLUMNS.movie]),
  movieRow({
    id: String(ONE_VOTE.id),
    title: ONE_VOTE.title,
    vote_average: '7.0',
    vote_count: '1',
    status: 'Released',
    release_date: '2021-05-01',
    overview: 'A film one person has rated.',
    popularity: '0.5',
    genres: 'Drama',
    original_language: 'en',
  }),
  movieRow({
    id: String(NO_VOTES.id),
    title: NO_VOTES.title,
    vote_average: '0',
    vote_count: '0',
    status: 'Released',
    release_date: '2022-06-01',
    overview: 'A film nobody has rated.',
    popularity: '0.4',
    genres: 'Drama',
    original_language: 'en',
  }),
].join('\n');

let pages = 0;

beforeAll(async () => {
  // The whole sample: 2,630 movies, 132 pages of 20 in the listing, a four-figure admin total.
  await importSampleMovies(site.url);
  const crafted = await importCsv(site.url, `${craftedMovies}\n`);
  expect(crafted.status).toBe(200);
  const first = await callApi(site.url, 'GET', '/movies?page=1&sortBy=popularity');
  pages = (first.body as { pages: number }).pages;
  expect(pages).toBeGreaterThan(100);
}, 120_000);

/** The machine is shared: a page of the app can take a few seconds to settle. */
const POLL = { timeout: 15_000 } as const;

const listingNav = (page: Page) => page.getByRole('navigation', { name: 'Movies pages' });

/** The names of the numbered page buttons, in order: ['Page 1', 'Page 6', …]. */
async function pageButtons(nav: Locator): Promise<string[]> {
  await nav.waitFor();
  return nav
    .getByRole('button', { name: /^Page \d+$/ })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
}

const currentPage = (nav: Locator) => nav.locator('[aria-current="page"]').getAttribute('aria-label');

describe('the listing pages (issue item 6)', () => {
  it('shows page 7 of many among at most five numbered buttons, with the first and the last', async () => {
    const page = await site.newPage(DESKTOP);
    await page.goto(`${site.url}/movies?page=7`);
    const nav = listingNav(page);

    expect(await pageButtons(nav)).toEqual(['Page 1', 'Page 6', 'Page 7', 'Page 8', `Page ${pages}`]);
    expect(await currentPage(nav)).toBe('Page 7');

    await nav.getByRole('button', { name: `Page ${pages}`, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page'), POLL).toBe(String(pages));
    await expect.poll(() => currentPage(nav), POLL).toBe(`Page ${pages}`);
    expect(await pageButtons(nav)).toEqual([
      'Page 1',
      `Page ${pages - 3}`,
      `Page ${pages - 2}`,
      `Page ${pages - 1}`,
      `Page ${pages}`,
    ]);

    await nav.getByRole('button', { name: 'Page 1', exact: true }).click();
    await expect.poll(() => currentPage(nav), POLL).toBe('Page 1');
    expect(await pageButtons(nav)).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4', `Page ${pages}`]);
  });

  it('offers the last page for a page past the end instead of an empty grid', async () => {
    const page = await site.newPage(DESKTOP);
    await page.goto(`${site.url}/movies?page=${pages + 40}`);
    const offer = page.getByRole('button', { name: `Go to the last page (${pages})` });
    await offer.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page'), POLL).toBe(String(pages));
    await expect.poll(() => currentPage(listingNav(page)), POLL).toBe(`Page ${pages}`);
    await expect.poll(() => page.locator('main a[href^="/movies/"]').count(), POLL).toBeGreaterThan(0);
  });

  for (const viewport of PHONES) {
    it(`keeps Previous, the page buttons and Next on one row on a ${viewport.width}×${viewport.height} phone`, async () => {
      const page = await site.newPage(viewport);
      await page.goto(`${site.url}/movies?page=7`);
      const nav = listingNav(page);
      await nav.getByRole('button', { name: 'Next', exact: true }).waitFor();
      const boxOf = async (name: string) => {
        const box = await nav.getByRole('button', { name, exact: true }).boundingBox();
        if (!box) throw new Error(`${name} is not shown`);
        return box;
      };
      const previous = await boxOf('Previous');
      const next = await boxOf('Next');
      const first = await boxOf('Page 1');
      expect(Math.abs(next.y - previous.y)).toBeLessThan(4);
      expect(Math.abs(first.y - previous.y)).toBeLessThan(4);
      expect(next.x + next.width).toBeLessThanOrEqual(viewport.width);
      expect(previous.x).toBeGreaterThanOrEqual(0);
    });
  }
});

describe('the phone menu (issue item 7)', () => {
  /** The genre and top-list links of the desktop header's dropdowns, in order. */
  async function desktopDropdownLinks(page: Page) {
    const links = [];
    for (const name of ['Genres', 'Top Lists']) {
      const trigger = page.getByRole('banner').getByRole('button', { name });
      const panel = await controlledBy(page, trigger);
      await trigger.click();
      await panel.waitFor({ state: 'visible' });
      links.push(...(await linksIn(panel)));
      await page.keyboard.press('Escape');
    }
    return links;
  }

  for (const viewport of PHONES) {
    it(`holds the genres and top lists of the desktop header on a ${viewport.width}×${viewport.height} phone`, async () => {
      const desktop = await site.newPage(DESKTOP);
      await desktop.goto(site.url);
      const dropdownLinks = await desktopDropdownLinks(desktop);
      expect(dropdownLinks).toHaveLength(16);

      const page = await site.newPage(viewport);
      await page.goto(site.url);
      const mobileNav = await openMobileMenu(page);

      expect(await linksIn(mobileNav)).toEqual([
        { name: 'Home', href: '/' },
        { name: 'Movies', href: '/movies' },
        { name: 'TV Shows', href: '/tv-shows' },
        ...dropdownLinks,
        { name: 'Login', href: '/login' },
        { name: 'Sign Up', href: '/register' },
      ]);
      // The menu scrolls within the screen: its last links can be reached on the smallest phone.
      await mobileNav.getByRole('link', { name: 'Sign Up' }).scrollIntoViewIfNeeded();
      expect(await mobileNav.getByRole('link', { name: 'Sign Up' }).isVisible()).toBe(true);

      await mobileNav.getByRole('link', { name: 'Marvel Movies' }).click();
      await page.waitForURL((url) => url.pathname === '/marvel-movies');
      await mobileNav.waitFor({ state: 'detached' });
    });
  }
});

describe('Watch Now (issue item 8)', () => {
  it('takes the home hero’s Watch Now to the player on the title page, More Info to its top', async () => {
    const [first] = (await callApi(site.url, 'GET', '/movies/trending/now')).body as Movie[];
    const page = await site.newPage(DESKTOP);
    await page.goto(site.url);
    await appSettled(page);
    const watch = page.getByRole('link', { name: 'Watch Now' }).first();
    expect(await watch.getAttribute('href')).toBe(`/movies/${first!.id}#player`);
    expect(await page.getByRole('link', { name: /^More Info/ }).getAttribute('href')).toBe(
      `/movies/${first!.id}`,
    );

    await watch.click();
    await page.waitForURL((url) => url.pathname === `/movies/${first!.id}` && url.hash === '#player');
    const player = page.getByRole('heading', { level: 2, name: 'Watch Now' });
    await player.waitFor();
    // The player's heading is on screen, below the fixed header.
    await expect
      .poll(async () => {
        const box = await player.boundingBox();
        return box !== null && box.y >= 60 && box.y + box.height <= DESKTOP.height;
      }, POLL)
      .toBe(true);
  });

  it('takes the top list’s Watch Now to the player too', async () => {
    const page = await site.newPage(DESKTOP);
    await page.goto(`${site.url}/top-100-movies`);
    const watch = page.getByRole('link', { name: /^Watch Now: / }).first();
    expect(await watch.getAttribute('href')).toMatch(/^\/movies\/\d+#player$/);
  });
});

describe('small copy (issue item 9)', () => {
  it('says "1 vote", not "1 votes"', async () => {
    const page = await site.newPage(DESKTOP);
    await page.goto(`${site.url}/movies/${ONE_VOTE.id}`);
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    await page.getByRole('heading', { level: 1, name: ONE_VOTE.title }).waitFor();
    const words = await hero.innerText();
    expect(words).toContain('(1 vote)');
    expect(words).not.toContain('1 votes');
  });

  it('says "Not rated yet" for a title nobody has rated, not "0.0/10"', async () => {
    const page = await site.newPage(DESKTOP);
    await page.goto(`${site.url}/movies/${NO_VOTES.id}`);
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    await page.getByRole('heading', { level: 1, name: NO_VOTES.title }).waitFor();
    const words = await hero.innerText();
    expect(words).toContain('Not rated yet');
    expect(words).not.toContain('0.0');
    expect(words).not.toContain('0 votes');

    // The same on its card in a listing.
    await page.goto(`${site.url}/movies?search=${encodeURIComponent(NO_VOTES.title)}`);
    const card = page.locator(`main a[href="/movies/${NO_VOTES.id}"]`);
    await card.waitFor();
    await page.getByRole('heading', { level: 1, name: 'Movies' }).waitFor();
    expect(await card.innerText()).toContain('Not rated yet');
    expect(await card.innerText()).not.toContain('0.0');
  });

  it('writes the admin content total with a thousands separator', async () => {
    const page = await site.newPage(DESKTOP);
    await signInByApi(page, site.url, ADMIN);
    await page.goto(`${site.url}/admin/content`);
    await page.getByText(/^Total: /).waitFor();
    expect(await page.getByText(/^Total: /).textContent()).toBe('Total: 2,632');
  });

  it('keeps the hyphen of Sci-Fi in the ad slots named after its page', async () => {
    const page = await site.newPage(DESKTOP);
    await signInByApi(page, site.url, ADMIN);
    await page.goto(`${site.url}/admin/ads`);
    await page.getByRole('heading', { level: 1, name: 'Manage Ads' }).waitFor();
    await page
      .getByRole('button', { name: /^Create (Your First )?Ad$/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    const options = await dialog.getByLabel('Position', { exact: true }).locator('option').allTextContents();
    expect(options).toContain('Sci-Fi Movies - Top Banner');
    expect(options).toContain('Sci-Fi Movies - Bottom Banner');
    expect(options.filter((option) => option.startsWith('Sci Fi'))).toEqual([]);
  });
});
