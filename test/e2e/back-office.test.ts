import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, callApi, signInByApi } from './support/accounts.js';
import { createAd, imageAd } from './support/ads.js';
import { adminToken, importSampleMovies, SAMPLE_MOVIES_CSV } from './support/catalogue.js';
import { useSiteSession } from './support/session.js';
import { trackView } from './support/visitors.js';

const site = useSiteSession();
const DESKTOP = { width: 1366, height: 900 } as const;
/** The machine is shared: a page of the app can take a few seconds to settle. */
const POLL = { timeout: 15_000 } as const;
let token: string;

beforeAll(async () => {
  token = await adminToken(site.url);
  await importSampleMovies(site.url, 30);
}, 120_000);

async function openAsAdmin(page: Page, path: string, heading: string): Promise<void> {
  await signInByApi(page, site.url, ADMIN);
  await page.goto(`${site.url}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Collects every alert and confirm of the page, answering each with what `answer` says. */
function answerDialogs(page: Page, answer: () => boolean): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void (answer() ? dialog.accept() : dialog.dismiss());
  });
  return seen;
}

async function movieTotal(): Promise<number> {
  const answer = await callApi(site.url, 'GET', '/movies?limit=1', { token });
  return (answer.body as { total: number }).total;
}

describe('a replacing import (issue item 12)', () => {
  it('asks first, naming how many titles will go, and imports nothing when refused', async () => {
    expect(await movieTotal()).toBe(30);
    const lines = readFileSync(SAMPLE_MOVIES_CSV, 'utf8').split('\n');
    const page = await site.newPage(DESKTOP);
    let accept = false;
    const dialogs = answerDialogs(page, () => accept);
    await openAsAdmin(page, '/admin/datasets', 'Import Datasets');
    const form = page.getByRole('form', { name: 'Import Datasets' });
    await form.getByLabel('Mode').selectOption('replace');
    await form.locator('input[type="file"]').setInputFiles({
      name: 'five.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${[lines[0], ...lines.slice(100, 105)].join('\n')}\n`),
    });

    await form.getByRole('button', { name: 'Start Import' }).click();
    await expect.poll(() => dialogs.length, POLL).toBe(1);
    expect(dialogs[0]).toMatch(/^confirm: /);
    expect(dialogs[0]).toContain('30 movies');
    // Refused: nothing was sent, nothing went.
    await page.waitForTimeout(1000);
    expect(await page.getByRole('region', { name: 'Import result' }).count()).toBe(0);
    expect(await movieTotal()).toBe(30);

    accept = true;
    await form.getByRole('button', { name: 'Start Import' }).click();
    await page.getByRole('region', { name: 'Import result' }).waitFor();
    expect(dialogs).toHaveLength(2);
    await expect.poll(movieTotal, POLL).toBe(5);
  });
});

/** `YYYY-MM-DD` `days` from today, in the site's time zone (UTC here). */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
const cardOf = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const textOf = async (card: Locator) => (await card.innerText()).replace(/\s+/g, ' ');

describe('the ad cards (issue item 13)', () => {
  it('show their date window, and Scheduled or Expired instead of Active outside it', async () => {
    await createAd(site.url, token, imageAd({ title: 'Next week', startDate: day(2), endDate: day(9) }));
    await createAd(site.url, token, imageAd({ title: 'Last week', startDate: day(-9), endDate: day(-2) }));
    await createAd(site.url, token, imageAd({ title: 'This week', startDate: day(-1), endDate: day(5) }));
    await createAd(site.url, token, imageAd({ title: 'Open ended', startDate: day(-1) }));
    await createAd(site.url, token, imageAd({ title: 'Switched off', endDate: day(3), active: false }));

    const page = await site.newPage(DESKTOP);
    await openAsAdmin(page, '/admin/ads', 'Manage Ads');
    const expected = [
      ['Next week', 'Scheduled', `${longDate(day(2))} – ${longDate(day(9))}`],
      ['Last week', 'Expired', `${longDate(day(-9))} – ${longDate(day(-2))}`],
      ['This week', 'Active', `${longDate(day(-1))} – ${longDate(day(5))}`],
      ['Open ended', 'Active', `From ${longDate(day(-1))}`],
      ['Switched off', 'Inactive', `Until ${longDate(day(3))}`],
    ] as const;
    for (const [title, status, window] of expected) {
      const card = cardOf(page, title);
      await card.waitFor();
      const toggle = card.getByRole('button', { name: status, exact: true });
      expect(await toggle.count(), `${title}: ${status}`).toBe(1);
      expect(await toggle.getAttribute('aria-pressed')).toBe(String(status !== 'Inactive'));
      expect(await textOf(card)).toContain(window);
    }
  });
});

describe('errors written for people (issue item 14)', () => {
  it('says why the last admin cannot be made a user', async () => {
    const page = await site.newPage(DESKTOP);
    const dialogs = answerDialogs(page, () => true);
    await openAsAdmin(page, '/admin/users', 'Manage Users');
    const row = page.getByRole('row').filter({ hasText: ADMIN.email });
    await row.getByRole('button', { name: 'Make User' }).click();
    await expect
      .poll(() => dialogs, POLL)
      .toEqual([
        'alert: Failed to update user role. This is the last admin: make someone else an admin first.',
      ]);
  });

  it('names the ad form’s fields as the form labels them, never by their names in the code', async () => {
    const page = await site.newPage(DESKTOP);
    await openAsAdmin(page, '/admin/ads', 'Manage Ads');
    await page.getByRole('button', { name: 'Create Ad', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title', { exact: true }).fill('Broken link');
    await dialog.getByLabel('Image URL', { exact: true }).fill('not a url');
    await dialog.getByLabel('Start Date', { exact: true }).fill(day(5));
    await dialog.getByLabel('End Date', { exact: true }).fill(day(1));
    await dialog.getByRole('button', { name: 'Create Ad' }).click();
    await dialog.getByText('Image URL must be an http or https address').waitFor();
    await dialog.getByText('The end date must not be before the start date').waitFor();
    expect(await dialog.innerText()).not.toMatch(/imageUrl|endDate|startDate/);
  });
});

describe('the dashboard (issue item 15)', () => {
  it('labels the traffic chart’s two lines and says "1 view" in the top lists', async () => {
    const movies = (await callApi(site.url, 'GET', '/movies?sortBy=title&limit=1')).body as {
      movies: { id: number; title: string }[];
    };
    const movie = movies.movies[0]!;
    const response = await trackView(site.url, `/movies/${movie.id}`);
    expect(response.status).toBe(204);

    const page = await site.newPage(DESKTOP);
    await openAsAdmin(page, '/admin', 'Admin Dashboard');
    const top = page.getByRole('region', { name: 'Top Movies', exact: true });
    await top.getByText(movie.title).waitFor({ timeout: 15_000 });
    expect(await textOf(top)).toContain('1 view');
    expect(await textOf(top)).not.toContain('1 views');

    const traffic = page.getByRole('region', {
      name: 'Traffic: Visits (Last 7 days)',
      exact: true,
    });
    const legend = traffic.getByRole('list', { name: 'Legend' });
    await legend.waitFor();
    expect(await legend.getByRole('listitem').allInnerTexts()).toEqual(['Visits', 'Visitors']);
  });
});
