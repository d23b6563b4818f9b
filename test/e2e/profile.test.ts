import { describe, expect, it } from 'vitest';
import { callApi, newAccount, signUp, storedItem } from './support/accounts.js';
import { useSiteSession } from './support/session.js';

const site = useSiteSession();

describe('the profile', () => {
  it('shows a favorite with its count, removes it with the remove button and records both in the activity', async () => {
    const account = newAccount('Ada Brooks');
    const page = await site.newPage();
    await signUp(page, site.url, account);
    const token = await storedItem(page, 'token');
    expect(token).toBeTruthy();

    // The detail pages with their Add to Favorites button come later; the API adds it for now.
    const added = await callApi(site.url, 'POST', '/user/favorites', {
      token: token!,
      body: { contentId: 550, contentType: 'movie', title: 'Fight Club', poster: null },
    });
    expect(added.status).toBe(201);
    // Asking with the write's position waits until the lists include it, so the page sees it too.
    await callApi(site.url, 'GET', '/user/favorites', { token: token!, eventPosition: added.eventPosition });

    await page.goto(`${site.url}/profile`);
    const main = page.getByRole('main');
    const counts = main.getByRole('list', { name: 'Library counts' });
    await counts.waitFor();
    expect(await counts.getByRole('listitem').filter({ hasText: 'Favorites' }).textContent()).toBe(
      '1Favorites',
    );
    expect(await counts.getByRole('listitem').filter({ hasText: 'Watchlist' }).textContent()).toBe(
      '0Watchlist',
    );

    const favoritesTab = main.getByRole('tab', { name: /^Favorites/ });
    expect(await favoritesTab.textContent()).toBe('Favorites1');
    await favoritesTab.click();
    const panel = main.getByRole('tabpanel');
    const card = panel.getByRole('link', { name: /Fight Club/ });
    expect(await card.getAttribute('href')).toBe('/movies/550');

    await panel.getByRole('button', { name: 'Remove Fight Club from favorites' }).click();

    await panel.getByText('No items yet').waitFor();
    await expect.poll(() => favoritesTab.textContent()).toBe('Favorites0');
    const activity = main.getByRole('region', { name: 'Activity' });
    await activity.getByText('Removed Fight Club from favorites').waitFor();
    expect(await activity.getByText('Added Fight Club to favorites').isVisible()).toBe(true);
  });

  it('opens the tab named in the address, so a list can be linked to', async () => {
    const account = newAccount();
    const page = await site.newPage();
    await signUp(page, site.url, account);

    await page.goto(`${site.url}/profile?tab=watchlist`);

    const selected = page.getByRole('tab', { selected: true });
    await selected.waitFor();
    expect(await selected.textContent()).toBe('Watchlist0');
  });
});
