import { describe, expect, it } from 'vitest';
import {
  backgroundAlpha,
  controlledBy,
  linksIn,
  openMobileMenu,
  pathnameOf,
  scrollPageTo,
} from './support/page-helpers.js';
import { PHONE, useSiteSession } from './support/session.js';

const site = useSiteSession();

const GENRE_LINKS = [
  { name: 'Action', href: '/action-movies' },
  { name: 'Comedy', href: '/comedy-movies' },
  { name: 'Horror', href: '/horror-movies' },
  { name: 'Drama', href: '/drama-movies' },
  { name: 'Thriller', href: '/thriller-movies' },
  { name: 'Sci-Fi', href: '/sci-fi-movies' },
  { name: 'Romance', href: '/romance-movies' },
  { name: 'Animation', href: '/animation-movies' },
  { name: 'Crime', href: '/crime-movies' },
  { name: 'Fantasy', href: '/fantasy-movies' },
];

const TOP_LIST_LINKS = [
  { name: 'Top 100 Movies', href: '/top-100-movies' },
  { name: 'Trending', href: '/trending-movies' },
  { name: 'Top Rated', href: '/top-rated-movies' },
  { name: 'Best of 2024', href: '/movies-2024' },
  { name: 'Best of 2023', href: '/movies-2023' },
  { name: 'Marvel Movies', href: '/marvel-movies' },
];

describe('the site header', () => {
  it('takes visitors to Home, Movies and TV Shows', async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    const mainNav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });

    await mainNav.getByRole('link', { name: 'Movies', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/movies');
    await mainNav.getByRole('link', { name: 'TV Shows', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/tv-shows');
    await mainNav.getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(pathnameOf(page)).toBe('/');
  });

  it('opens the Genres dropdown on hover, listing exactly the ten genre pages', async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    const trigger = page.getByRole('banner').getByRole('button', { name: 'Genres' });
    const panel = await controlledBy(page, trigger);
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isVisible()).toBe(false);

    await trigger.hover();
    await panel.waitFor({ state: 'visible' });

    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    expect(await linksIn(panel)).toEqual(GENRE_LINKS);
  });

  it('lists exactly the six top lists in the Top Lists dropdown', async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    const trigger = page.getByRole('banner').getByRole('button', { name: 'Top Lists' });
    const panel = await controlledBy(page, trigger);

    await trigger.hover();
    await panel.waitFor({ state: 'visible' });

    expect(await linksIn(panel)).toEqual(TOP_LIST_LINKS);
  });

  it('opens a dropdown when keyboard focus reaches it, closes it on Escape and reopens it on Enter', async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    const header = page.getByRole('banner');
    const trigger = header.getByRole('button', { name: 'Genres' });
    const panel = await controlledBy(page, trigger);

    await header.getByRole('link', { name: 'TV Shows', exact: true }).focus();
    await page.keyboard.press('Tab');
    await panel.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'visible' });
  });

  it('shows guests Login and Sign Up', async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    const header = page.getByRole('banner');

    expect(await header.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(await header.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/register');
  });

  it('opens a mobile menu at phone size holding Home, Movies, TV Shows, the genres, the top lists and the account links', async () => {
    const page = await site.newPage(PHONE);
    await page.goto(site.url);
    const header = page.getByRole('banner');
    expect(await header.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    const mobileNav = await openMobileMenu(page);

    expect(await linksIn(mobileNav)).toEqual([
      { name: 'Home', href: '/' },
      { name: 'Movies', href: '/movies' },
      { name: 'TV Shows', href: '/tv-shows' },
      ...GENRE_LINKS,
      ...TOP_LIST_LINKS,
      { name: 'Login', href: '/login' },
      { name: 'Sign Up', href: '/register' },
    ]);
    await expect.poll(() => backgroundAlpha(header)).toBeGreaterThan(0.8);

    await mobileNav.getByRole('link', { name: 'Movies', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/movies');
    await mobileNav.waitFor({ state: 'detached' });
  });

  it('is transparent at the top of the page and dark once the page scrolls', async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    const header = page.getByRole('banner');
    expect(await backgroundAlpha(header)).toBe(0);

    await scrollPageTo(page, 400);
    await expect.poll(() => backgroundAlpha(header)).toBeGreaterThan(0.8);

    await scrollPageTo(page, 0);
    await expect.poll(() => backgroundAlpha(header)).toBe(0);
  });
});
