import { beforeAll, describe, expect, it } from 'vitest';
import { generatedTvCsv, importCsv, importSampleMovies } from './support/catalogue.js';
import { pathnameOf } from './support/page-helpers.js';
import { PHONE, useSiteSession } from './support/session.js';
import { seriousViolations } from './support/axe.js';

const site = useSiteSession();

beforeAll(async () => {
  await importSampleMovies(site.url);
  expect((await importCsv(site.url, generatedTvCsv(10), { type: 'tv' })).status).toBe(200);
}, 120_000);

describe('the search box in the header', () => {
  it('suggests movies with poster and year as one types, and opens the one clicked', async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/tv-shows`);
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search movies and TV shows' });
    await box.fill('incepton');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    const first = list.getByRole('option').first();
    await expect.poll(() => first.textContent()).toContain('Inception');
    expect(await first.textContent()).toContain('Movie · 2010');
    expect(await first.locator('img').count()).toBe(1);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await first.click();
    await page.waitForURL((url) => url.pathname === '/movies/27205');
    await page.getByRole('heading', { name: 'Inception', level: 1 }).waitFor();
  });

  it('is worked from the keyboard: arrows choose, Enter opens, Escape closes', async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search movies and TV shows' });
    await box.focus();
    await page.keyboard.type('godfather 2');
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await expect.poll(() => options.first().textContent()).toContain('The Godfather Part II');
    await page.keyboard.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/movies/240');
  });

  it("opens the listing's search on Enter when no suggestion is chosen", async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/movies/27205`);
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search movies and TV shows' });
    await box.fill('interstelar');
    await box.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/movies' && url.searchParams.get('search') === 'interstelar',
    );
    expect(pathnameOf(page)).toBe('/movies');
    await page
      .getByRole('link', { name: /Interstellar/ })
      .first()
      .waitFor();
  });

  it('is on a phone too, and has no serious accessibility problem while open', async () => {
    const page = await site.newPage(PHONE);
    await page.goto(site.url);
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search movies and TV shows' });
    await box.fill('spiderman');
    await expect
      .poll(() =>
        page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first().textContent(),
      )
      .toContain('Spider-Man');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
