import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, newAccount, signUp, storedItem } from './support/accounts.js';
import { importCsv } from './support/catalogue.js';
import { useSiteSession } from './support/session.js';
import { seriousViolations } from './support/axe.js';

// The member's own data on the profile: a list brought in from a file (preview, a choice, the
// import), the lists and everything kept taken out, and the account deleted with its password.
const site = useSiteSession();
const FIXTURES = new URL('../../gateway/test/fixtures/list-files/', import.meta.url);
const fixture = (name: string) => fileURLToPath(new URL(name, FIXTURES));

beforeAll(async () => {
  expect((await importCsv(site.url, readFileSync(fixture('catalogue-movies.csv')))).status).toBe(200);
}, 60_000);

async function registerAndOpenProfile(page: Page) {
  const account = newAccount('Lena Lists');
  await signUp(page, site.url, account);
  await page.goto(`${site.url}/profile`);
  await page.getByRole('heading', { name: 'Your Data' }).waitFor();
  return account;
}

async function downloaded(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
}

describe('Your Data on the profile', () => {
  it('previews a Letterboxd file, takes a choice for the ambiguous title, imports it and shows the list', async () => {
    const page = await site.newPage();
    await registerAndOpenProfile(page);
    const importer = page.getByRole('region', { name: 'Import a List' });
    await importer.getByLabel('Import into').selectOption('watchlist');
    await importer.locator('input[type=file]').setInputFiles(fixture('letterboxd-watchlist.csv'));
    await importer.getByRole('button', { name: 'Preview' }).click();

    const preview = page.getByRole('region', { name: 'Import preview' });
    await preview.getByText('Letterboxd file: 1 matched, 1 to choose, 0 not found.').waitFor();
    expect(
      await preview.getByRole('region', { name: 'Matched (1)' }).getByRole('listitem').allTextContents(),
    ).toEqual(['Inception (2010)']);
    const choice = preview.getByRole('group', { name: 'Dune: which one?' });
    expect(await choice.getByRole('radio').count()).toBe(3);
    // Checked as it stands, not under the pointer that just pressed Preview (its hover colour).
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
    await choice.getByRole('radio', { name: 'Dune (2021)' }).check();

    await importer.getByRole('button', { name: 'Import 2 titles' }).click();
    await importer.getByText('Added 2 titles to your watchlist.').waitFor();

    const tab = page.getByRole('tab', { name: /^Watchlist/ });
    await expect.poll(() => tab.textContent(), { timeout: 10_000 }).toBe('Watchlist2');
    await tab.click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('link', { name: /Dune/ }).waitFor();
    expect(await panel.getByRole('link', { name: /Dune/ }).getAttribute('href')).toBe('/movies/438631');
    expect(await panel.getByRole('link', { name: /Inception/ }).getAttribute('href')).toBe('/movies/27205');

    // The same file again adds nothing.
    await importer.locator('input[type=file]').setInputFiles(fixture('letterboxd-watchlist.csv'));
    await importer.getByRole('button', { name: 'Preview' }).click();
    await preview
      .getByRole('group', { name: 'Dune: which one?' })
      .getByRole('radio', { name: 'Dune (2021)' })
      .check();
    await importer.getByRole('button', { name: 'Import 2 titles' }).click();
    await importer.getByText('Added 0 titles to your watchlist (2 already there).').waitFor();
  });

  it('lists what was not found, and says in one line what is wrong with a foreign file', async () => {
    const page = await site.newPage();
    await registerAndOpenProfile(page);
    const importer = page.getByRole('region', { name: 'Import a List' });
    await importer.getByLabel('Import into').selectOption('history');
    await importer.locator('input[type=file]').setInputFiles(fixture('letterboxd-watched.csv'));
    await importer.getByRole('button', { name: 'Preview' }).click();
    const notFound = page.getByRole('region', { name: 'Not found (1)' });
    // The preview's rows come with its answer: wait for them before reading them.
    await notFound.getByRole('listitem').first().waitFor();
    expect(await notFound.getByRole('listitem').allTextContents()).toEqual([
      'A Film This Catalogue Does Not Have (2003)',
    ]);
    const file = await downloaded(page, 'Download the titles not found');
    expect(file.text).toBe('Title,Year,Line\nA Film This Catalogue Does Not Have,2003,4\n');

    await importer.locator('input[type=file]').setInputFiles(fixture('catalogue-movies.csv'));
    await importer.getByRole('button', { name: 'Preview' }).click();
    const alert = importer.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('This file is not a Letterboxd, IMDb or Trakt export');
  });

  it('downloads the lists as Letterboxd CSV and everything as JSON, then deletes the account with the password', async () => {
    const page = await site.newPage();
    const account = await registerAndOpenProfile(page);
    const token = (await storedItem(page, 'token'))!;
    const added = await callApi(site.url, 'POST', '/user/favorites', {
      token,
      body: { contentId: 603, contentType: 'movie', title: 'The Matrix', poster: '/matrix.jpg' },
    });
    expect(added.status).toBe(201);

    const csv = await downloaded(page, 'Favorites (CSV)');
    expect(csv.name).toBe('cinefold-favorites.csv');
    expect(csv.text).toBe('Title,Year,tmdbID,WatchedDate\nThe Matrix,1999,603,\n');
    const json = await downloaded(page, 'Everything (JSON)');
    expect(JSON.parse(json.text)).toMatchObject({
      account: { name: 'Lena Lists', email: account.email },
      favorites: [{ contentId: 603, title: 'The Matrix' }],
    });

    const deletion = page.getByRole('region', { name: 'Delete My Account' });
    await deletion.getByLabel('Your Password').fill('not-my-password');
    await deletion.getByRole('button', { name: 'Delete My Account' }).click();
    await deletion.getByRole('alert').getByText('Your current password is not correct.').waitFor();
    await deletion.getByLabel('Your Password').fill(account.password);
    await deletion.getByRole('button', { name: 'Delete My Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedItem(page, 'token')).toBeNull();
    const signIn = await callApi(site.url, 'POST', '/auth/login', {
      body: { email: account.email, password: account.password },
    });
    expect(signIn.status).toBe(401);
    expect((await callApi(site.url, 'GET', '/auth/me', { token })).status).toBe(401);
  });
});
