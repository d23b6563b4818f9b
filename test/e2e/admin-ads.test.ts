import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, callApi, signInByApi } from './support/accounts.js';
import { adminAd, createAd, deleteAd, imageAd, useAdFixtures } from './support/ads.js';
import { useSiteSession } from './support/session.js';

const site = useSiteSession();
const fixtures = useAdFixtures(site);

async function openAdsAsAdmin(page: Page): Promise<void> {
  await signInByApi(page, site.url, ADMIN);
  await page.goto(`${site.url}/admin/ads`);
  await page.getByRole('heading', { level: 1, name: 'Manage Ads' }).waitFor();
}

const cardOf = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
/** A card's words with each run of white space as one space: "Impressions 4 Clicks 1". */
const textOf = async (card: Locator) => (await card.innerText()).replace(/\s+/g, ' ');
const dialogOf = (page: Page) => page.getByRole('dialog');
const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });

/** Collects every alert and confirm of the page, answering each with `accept`. */
function answerDialogs(page: Page, accept = true): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void (accept ? dialog.accept() : dialog.dismiss());
  });
  return seen;
}

/** Sends the spec's beacons, with no body: each is counted. */
async function sendBeacons(adId: string, kind: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const answer = await callApi(site.url, 'POST', `/ads/${adId}/${kind}`);
    expect(answer.status).toBe(204);
  }
}

describe('the admin ads page', () => {
  it('starts empty, with a button to create the first ad, whose form has the defaults of the spec', async () => {
    const page = await site.newPage();
    await openAdsAsAdmin(page);

    await page.getByText('No ads created yet', { exact: true }).waitFor();
    expect(
      await page.locator('meta[name="robots"][content="noindex,nofollow"]:not([data-server])').count(),
    ).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Create Your First Ad' }).click();

    const dialog = dialogOf(page);
    await dialog.getByRole('heading', { name: 'Create New Ad' }).waitFor();
    expect(await field(dialog, 'Position').inputValue()).toBe('home-hero');
    expect(await field(dialog, 'Type').inputValue()).toBe('image');
    expect(await dialog.getByRole('checkbox', { name: 'Active' }).isChecked()).toBe(true);
    expect(await field(dialog, 'Image URL').count()).toBe(1);
    expect(await field(dialog, 'Link URL').count()).toBe(1);
    expect(await field(dialog, 'Provider').count()).toBe(0);
    expect(await field(dialog, 'Embed Code').count()).toBe(0);
    expect(await field(dialog, 'Position').locator('option').allTextContents()).toEqual(
      expect.arrayContaining(['Home - Hero Banner', 'Global - Bottom of Page', 'Action Movies - Top Banner']),
    );

    await field(dialog, 'Type').selectOption('network');
    expect(await field(dialog, 'Provider').inputValue()).toBe('evadav');
    expect(await field(dialog, 'Embed Code').count()).toBe(1);
    expect(await field(dialog, 'Image URL').count()).toBe(0);
    expect(await field(dialog, 'Link URL').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Create Ad' }).count()).toBe(1);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByText('No ads created yet', { exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: 'Create Ad', exact: true }).click();
    await dialog.getByRole('heading', { name: 'Create New Ad' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('refuses what the server would refuse, in its words, before sending anything', async () => {
    const page = await site.newPage();
    await openAdsAsAdmin(page);
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/admin/ads') posted++;
    });
    await page.getByRole('button', { name: 'Create Ad', exact: true }).click();
    const dialog = dialogOf(page);

    await dialog.getByRole('button', { name: 'Create Ad' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByText('Image URL is required for an image ad').waitFor();

    await field(dialog, 'Title').fill('Bad links');
    await field(dialog, 'Image URL').fill('spring.png');
    await field(dialog, 'Link URL').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Create Ad' }).click();
    await dialog.getByText('Image URL must be an http or https address').waitFor();
    await dialog.getByText('Link URL must be an http or https address').waitFor();

    await field(dialog, 'Type').selectOption('network');
    await dialog.getByRole('button', { name: 'Create Ad' }).click();
    await dialog.getByText('Embed code is required for a network ad').waitFor();
    expect(posted).toBe(0);
  });

  it('creates an image ad through the form, shown as a card with its position, counters and Active', async () => {
    const page = await site.newPage();
    await openAdsAsAdmin(page);
    await page.getByRole('button', { name: 'Create Ad', exact: true }).click();
    const dialog = dialogOf(page);
    await field(dialog, 'Title').fill('Autumn festival');
    await field(dialog, 'Description').fill('Films under the stars');
    await field(dialog, 'Image URL').fill(`${fixtures.images.url}/300x250.svg`);
    await field(dialog, 'Link URL').fill('https://festival.example/');
    await field(dialog, 'Position').selectOption('movies-top');

    // The answer is held until the button has been seen saying so.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/ads', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Create Ad' }).click();
    await dialog.getByRole('button', { name: 'Saving...' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Saving...' }).isDisabled()).toBe(true);
    release();
    await dialog.waitFor({ state: 'detached' });

    const card = cardOf(page, 'Autumn festival');
    await card.waitFor();
    const text = await textOf(card);
    for (const part of [
      'Films under the stars',
      'Position: Movies - Top Banner',
      'Provider: none',
      'Impressions 0 Viewable 0 Clicks 0 CTR 0.00%',
    ])
      expect(text).toContain(part);
    expect(await card.getByRole('img', { name: 'Autumn festival' }).getAttribute('src')).toBe(
      `${fixtures.images.url}/300x250.svg`,
    );
    expect(await card.getByRole('button', { name: 'Active', exact: true }).count()).toBe(1);
    expect(await card.getByText('Inactive', { exact: true }).count()).toBe(0);

    const visitor = await site.newPage();
    await visitor.goto(`${site.url}/movies`);
    await visitor.locator('section[data-ad-slot="movies-top"]').getByText('Autumn festival').waitFor();
  });

  it('creates a network ad, shown as a network ad of its provider', async () => {
    const page = await site.newPage();
    await openAdsAsAdmin(page);
    await page.getByRole('button', { name: 'Create Ad', exact: true }).click();
    const dialog = dialogOf(page);
    await field(dialog, 'Title').fill('Maven banner');
    await field(dialog, 'Type').selectOption('network');
    await field(dialog, 'Provider').selectOption('ad-maven');
    await field(dialog, 'Embed Code').fill('<div>network code</div>');
    await dialog.getByRole('button', { name: 'Create Ad' }).click();

    const card = cardOf(page, 'Maven banner');
    await card.getByText('Network Ad (ad-maven)', { exact: true }).waitFor();
    expect(await textOf(card)).toContain('Provider: ad-maven');
    expect(await textOf(card)).toContain('Position: Home - Hero Banner');
  });

  it('edits an ad in the same form, filled with the ad, and the card shows the change', async () => {
    await createAd(site.url, fixtures.token, imageAd({ title: 'Old title', position: 'details-sidebar' }));
    const page = await site.newPage();
    await openAdsAsAdmin(page);

    await cardOf(page, 'Old title').getByRole('button', { name: 'Edit ad' }).click();
    const dialog = dialogOf(page);
    await dialog.getByRole('heading', { name: 'Edit Ad' }).waitFor();
    expect(await field(dialog, 'Title').inputValue()).toBe('Old title');
    expect(await field(dialog, 'Position').inputValue()).toBe('details-sidebar');
    expect(await field(dialog, 'Image URL').inputValue()).toBe('https://ads.example/spring.png');
    await field(dialog, 'Title').fill('New title');
    await dialog.getByRole('button', { name: 'Update Ad' }).click();

    await cardOf(page, 'New title').waitFor();
    expect(await cardOf(page, 'Old title').count()).toBe(0);
    expect(await textOf(cardOf(page, 'New title'))).toContain('Position: Details - Sidebar');
  });

  it('switches an ad off and on: an inactive ad carries the overlay and leaves its slot', async () => {
    await createAd(site.url, fixtures.token, imageAd({ title: 'Flip me', position: 'tv-top' }));
    const page = await site.newPage();
    await openAdsAsAdmin(page);
    const card = cardOf(page, 'Flip me');

    await card.getByRole('button', { name: 'Active', exact: true }).click();
    await card.getByRole('button', { name: 'Inactive', exact: true }).waitFor();
    await card.getByText('Inactive', { exact: true }).first().waitFor();
    expect(await card.getByText('Inactive', { exact: true }).count()).toBe(2);
    const visitor = await site.newPage();
    const answered = visitor.waitForResponse((response) =>
      response.url().includes('/api/ads?position=tv-top'),
    );
    await visitor.goto(`${site.url}/tv-shows`);
    expect(await (await answered).json()).toEqual([]);

    await card.getByRole('button', { name: 'Inactive', exact: true }).click();
    await card.getByRole('button', { name: 'Active', exact: true }).waitFor();
    expect(await card.getByText('Inactive', { exact: true }).count()).toBe(0);
  });

  it('deletes an ad only after the admin confirms', async () => {
    await createAd(site.url, fixtures.token, imageAd({ title: 'Delete me' }));
    const page = await site.newPage();
    await openAdsAsAdmin(page);
    const card = cardOf(page, 'Delete me');

    const dismissed: string[] = [];
    page.once('dialog', (dialog) => {
      dismissed.push(dialog.message());
      void dialog.dismiss();
    });
    await card.getByRole('button', { name: 'Delete ad' }).click();
    await expect.poll(() => dismissed).toEqual(['Are you sure you want to delete this ad?']);
    expect(await card.count()).toBe(1);

    const accepted = answerDialogs(page);
    await card.getByRole('button', { name: 'Delete ad' }).click();
    await card.waitFor({ state: 'detached' });
    expect(accepted).toEqual(['confirm: Are you sure you want to delete this ad?']);
  });

  it('shows impressions, viewable impressions, clicks and the click-through rate', async () => {
    const adId = await createAd(
      site.url,
      fixtures.token,
      imageAd({ title: 'Counted', position: 'home-mid' }),
    );
    await sendBeacons(adId, 'impression', 4);
    await sendBeacons(adId, 'viewable-impression', 2);
    await sendBeacons(adId, 'click', 1);
    // The counters are a projection of the beacons: the page is opened once they are all in.
    await expect
      .poll(async () => {
        const ad = await adminAd(site.url, fixtures.token, adId);
        return ad && [ad.impressions, ad.viewableImpressions, ad.clicks];
      })
      .toEqual([4, 2, 1]);
    const page = await site.newPage();
    await openAdsAsAdmin(page);

    const card = cardOf(page, 'Counted');
    await card.waitFor();
    expect(await textOf(card)).toContain('Impressions 4 Viewable 2 Clicks 1 CTR 25.00%');
  });
});

describe('the admin ads page when a change fails', () => {
  it('alerts "Failed to update ad" when the toggle is refused, and "Failed to delete ad" when deleting is', async () => {
    const adId = await createAd(site.url, fixtures.token, imageAd({ title: 'Deleted elsewhere' }));
    const page = await site.newPage();
    await openAdsAsAdmin(page);
    const card = cardOf(page, 'Deleted elsewhere');
    await card.waitFor();
    await deleteAd(site.url, fixtures.token, adId);
    const dialogs = answerDialogs(page);

    await card.getByRole('button', { name: 'Active', exact: true }).click();
    await expect.poll(() => dialogs).toEqual(['alert: Failed to update ad']);

    await card.getByRole('button', { name: 'Delete ad' }).click();
    await expect
      .poll(() => dialogs)
      .toEqual([
        'alert: Failed to update ad',
        'confirm: Are you sure you want to delete this ad?',
        'alert: Failed to delete ad',
      ]);
  });

  it('shows the server’s message inside the form, and "Failed to save ad" when there is none', async () => {
    const adId = await createAd(site.url, fixtures.token, imageAd({ title: 'Edited while gone' }));
    const page = await site.newPage();
    await openAdsAsAdmin(page);
    await cardOf(page, 'Edited while gone').getByRole('button', { name: 'Edit ad' }).click();
    const dialog = dialogOf(page);
    await dialog.getByRole('heading', { name: 'Edit Ad' }).waitFor();
    await deleteAd(site.url, fixtures.token, adId);

    await dialog.getByRole('button', { name: 'Update Ad' }).click();
    await dialog.getByRole('alert').getByText('Ad not found', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The network drops the request: no answer, so no server message.
    await page.route('**/api/admin/ads', (route) =>
      route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue(),
    );
    await page.getByRole('button', { name: 'Create Ad', exact: true }).click();
    await field(dialog, 'Title').fill('Never saved');
    await field(dialog, 'Image URL').fill('https://ads.example/never.png');
    await dialog.getByRole('button', { name: 'Create Ad' }).click();
    await dialog.getByRole('alert').getByText('Failed to save ad', { exact: true }).waitFor();
    await dialog.getByRole('heading', { name: 'Create New Ad' }).waitFor();
  });
});
