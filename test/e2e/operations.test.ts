import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, callApi, newAccount, registerByApi, signInByApi } from './support/accounts.js';
import { adminToken, importSampleMovies } from './support/catalogue.js';
import { useSiteSession } from './support/session.js';

const site = useSiteSession();
const member = newAccount('Noor Haddad');

beforeAll(async () => {
  await importSampleMovies(site.url, 300);
  await registerByApi(site.url, member);
  const token = await adminToken(site.url);
  const users = await callApi(site.url, 'GET', '/admin/users', { token });
  const id = (users.body as { users: { id: string; email: string }[] }).users.find(
    (u) => u.email === member.email,
  )!.id;
  expect(
    (await callApi(site.url, 'PUT', `/admin/users/${id}/role`, { token, body: { role: 'admin' } })).status,
  ).toBe(200);
  const ad = await callApi(site.url, 'POST', '/admin/ads', {
    token,
    body: {
      title: 'Autumn festival',
      description: '',
      type: 'image',
      imageUrl: 'https://ads.example/autumn.png',
      linkUrl: '',
      position: 'home-hero',
      active: true,
    },
  });
  expect(ad.status).toBe(201);
}, 60_000);

async function openAsAdmin(page: Page, path: string, heading: string): Promise<void> {
  await signInByApi(page, site.url, ADMIN);
  await page.goto(`${site.url}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

const readModelRow = (page: Page, name: string) => page.locator(`tr[data-projector="${name}"]`);

describe('the operations page', () => {
  it('shows each read model with its generation, checkpoint, lag and speed, the queues and the imports', async () => {
    const page = await site.newPage();
    await openAsAdmin(page, '/admin/operations', 'Operations');
    const models = page.getByRole('table', { name: 'Read models' });
    await readModelRow(page, 'catalogue').waitFor();
    expect(await models.getByRole('columnheader').allTextContents()).toEqual([
      'Read model',
      'Generation',
      'Checkpoint',
      'Lag',
      'Events/s',
      'Rebuild',
      'Verify',
    ]);
    for (const name of ['users', 'catalogue', 'audit', 'ads']) await readModelRow(page, name).waitFor();
    const cells = readModelRow(page, 'catalogue').getByRole('cell');
    expect(Number(await cells.nth(1).textContent())).toBeGreaterThan(0);
    expect(await cells.nth(3).textContent()).toMatch(/^\d[\d,]*$/);
    // The second poll, two seconds on, gives the speed from how far the checkpoints moved.
    await expect.poll(() => cells.nth(4).textContent(), { timeout: 10_000 }).toMatch(/^\d[\d,]*$/);
    const queues = page.getByRole('table', { name: 'Queues' });
    await queues.getByRole('cell', { name: 'catalogue-import' }).waitFor();
    await page.getByText('No imports running.').waitFor();
    // The back office's navigation leads here.
    expect(await page.getByRole('link', { name: 'Operations' }).count()).toBeGreaterThan(0);
  });

  it('rebuilds a read model from the page: its button waits while the rebuild runs, then the new generation shows', async () => {
    const page = await site.newPage();
    await openAsAdmin(page, '/admin/operations', 'Operations');
    const row = readModelRow(page, 'catalogue');
    await row.waitFor();
    const before = Number(await row.getByRole('cell').nth(1).textContent());

    await row.getByRole('button', { name: 'Rebuild catalogue' }).click();
    // Under way: the button waits, with the progress beside it, until the rebuild is done.
    await expect.poll(() => row.getByRole('button', { name: 'Rebuild catalogue' }).isDisabled()).toBe(true);
    await row.getByText(/^Rebuilt into generation \d+$/).waitFor({ timeout: 30_000 });
    const after = Number(await row.getByRole('cell').nth(1).textContent());
    expect(after).toBeGreaterThan(before);
    expect(await row.getByText(`Rebuilt into generation ${after}`).count()).toBe(1);
    expect(await row.getByRole('button', { name: 'Rebuild catalogue' }).isDisabled()).toBe(false);
  });

  it('verifies a read model from the page and shows that it matches its replay', async () => {
    const page = await site.newPage();
    await openAsAdmin(page, '/admin/operations', 'Operations');
    const row = readModelRow(page, 'users');
    await row.getByRole('button', { name: 'Verify users' }).click();
    await row.getByText('Match').waitFor({ timeout: 30_000 });
    await row.getByText(/^\d+ keys? compared$/).waitFor();
  });
});

describe('the audit page', () => {
  const rows = (page: Page) => page.getByRole('table', { name: 'Admin actions' }).getByRole('row');

  it('lists admin actions newest first with who did them, and filters them by action, admin and day', async () => {
    const page = await site.newPage();
    await openAsAdmin(page, '/admin/audit', 'Audit');
    await rows(page).filter({ hasText: 'Created ad' }).waitFor();
    const table = page.getByRole('table', { name: 'Admin actions' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'When',
      'Admin',
      'Action',
      'Subject',
    ]);
    const promoted = rows(page).filter({ hasText: 'Made admin' }).filter({ hasText: member.email });
    expect(await promoted.getByRole('cell').nth(1).textContent()).toBe('Administrator');
    expect(await rows(page).filter({ hasText: 'Imported dataset' }).count()).toBe(1);

    await page.getByRole('combobox', { name: 'Action', exact: true }).selectOption({ label: 'Created ad' });
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(2);
    expect(await rows(page).nth(1).textContent()).toContain('ad Autumn festival');
    expect(new URL(page.url()).searchParams.get('action')).toBe('ad-created');

    await page.getByRole('combobox', { name: 'Action', exact: true }).selectOption({ label: 'All actions' });
    await page.getByRole('combobox', { name: 'Admin', exact: true }).selectOption({ label: 'System' });
    // Two changes in a row: the second keeps the first (the action filter stays cleared).
    const address = () => new URL(page.url()).searchParams;
    await expect.poll(() => address().has('admin'), { timeout: 15_000 }).toBe(true);
    expect(address().has('action')).toBe(false);
    await expect
      .poll(async () => (await rows(page).allTextContents()).slice(1), { timeout: 15_000 })
      .toEqual([expect.stringContaining('Made admin')]);

    await page.getByRole('combobox', { name: 'Admin', exact: true }).selectOption({ label: 'All admins' });
    await page.getByLabel('To', { exact: true }).fill('2020-01-01');
    await page.getByText('No admin actions match these filters.').waitFor();
  });

  it('shows a rebuild asked for on the operations page, by the admin who asked', async () => {
    const page = await site.newPage();
    await openAsAdmin(page, '/admin/audit?action=rebuild-requested', 'Audit');
    const row = rows(page).filter({ hasText: 'read model catalogue' });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Administrator');
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('Rebuilt read model');
  });
});
