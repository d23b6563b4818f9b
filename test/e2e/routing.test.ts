import { describe, expect, it } from 'vitest';
import { ADMIN, signInByApi } from './support/accounts.js';
import { pathnameOf, scrollPageTo, scrollPosition } from './support/page-helpers.js';
import { useSiteSession } from './support/session.js';

const site = useSiteSession();
const bottomAdSlot = 'section[data-ad-slot="global-bottom"]';

describe('routing', () => {
  it('serves the app on a deep link such as /tv-shows or /action-movies', async () => {
    for (const path of ['/tv-shows', '/action-movies']) {
      const answer = await fetch(`${site.url}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type'), path).toContain('text/html');

      const page = await site.newPage();
      const response = await page.goto(`${site.url}${path}`);
      expect(response?.status(), path).toBe(200);
      await page.getByRole('banner').getByRole('link', { name: 'Movies', exact: true }).waitFor();
    }
  });

  it('shows the not-found page with a link home for an unknown route', async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/no-such-page`);

    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('has the bottom ad slot on the home page', async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    await page.getByRole('contentinfo').waitFor();

    expect(await page.locator(bottomAdSlot).count()).toBe(1);
  });

  it('leaves the bottom ad slot off the admin pages', async () => {
    const page = await site.newPage();
    await signInByApi(page, site.url, ADMIN);
    await page.goto(`${site.url}/admin`);
    await page.getByRole('navigation', { name: 'Admin' }).first().waitFor({ state: 'attached' });
    await page.getByRole('contentinfo').waitFor();

    expect(pathnameOf(page)).toBe('/admin');
    expect(await page.locator(bottomAdSlot).count()).toBe(0);
  });

  it('starts each new page at the top', async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    // The app draws its first render in slices: scroll once the page is there and tall enough.
    const helpCenter = page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' });
    await helpCenter.waitFor();
    await expect
      .poll(async () => {
        await scrollPageTo(page);
        return scrollPosition(page);
      })
      .toBeGreaterThan(0);

    await helpCenter.click();
    await page.waitForURL((url) => url.pathname === '/help-center');

    await expect.poll(() => scrollPosition(page)).toBe(0);
  });
});
