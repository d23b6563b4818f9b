import { describe, expect, it } from 'vitest';
import { linksIn } from './support/page-helpers.js';
import { useSiteSession } from './support/session.js';

const site = useSiteSession();

describe('the site footer', () => {
  it('shows the four social links as placeholders', async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    const footer = page.getByRole('contentinfo');

    for (const network of ['Facebook', 'Twitter', 'Instagram', 'YouTube']) {
      expect(await footer.getByRole('link', { name: network }).getAttribute('href'), network).toBe('#');
    }
  });

  it('links to five genres and to the popular pages', async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    const footer = page.getByRole('contentinfo');

    const genreHrefs = (await linksIn(footer.getByRole('navigation', { name: 'Genres' }))).map((l) => l.href);
    expect(genreHrefs).toEqual([
      '/action-movies',
      '/comedy-movies',
      '/horror-movies',
      '/drama-movies',
      '/sci-fi-movies',
    ]);
    expect(await linksIn(footer.getByRole('navigation', { name: 'Popular' }))).toEqual([
      { name: 'Top 100 Movies', href: '/top-100-movies' },
      { name: 'Trending', href: '/trending-movies' },
      { name: 'Best of 2024', href: '/movies-2024' },
      { name: 'Marvel Movies', href: '/marvel-movies' },
      { name: 'Help Center', href: '/help-center' },
    ]);
  });

  it('shows the copyright with the current year', async () => {
    const page = await site.newPage();
    await page.goto(site.url);

    const text = await page.getByRole('contentinfo').textContent();
    expect(text).toContain(`© ${new Date().getFullYear()} Cinefold`);
  });
});
