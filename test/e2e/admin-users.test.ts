import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type Account,
  ADMIN,
  newAccount,
  registerByApi,
  signIn,
  signInByApi,
  userMenuButton,
} from './support/accounts.js';
import { deleteAfterConfirming, pathnameOf } from './support/page-helpers.js';
import { PHONE, useSiteSession } from './support/session.js';

const site = useSiteSession();

async function openUsersAsAdmin(page: Page): Promise<void> {
  await signInByApi(page, site.url, ADMIN);
  await page.goto(`${site.url}/admin/users`);
  await page.getByRole('heading', { level: 1, name: 'Manage Users' }).waitFor();
}

function rowOf(page: Page, account: Account) {
  return page.getByRole('row').filter({ hasText: account.email });
}

describe('the admin user table', () => {
  it('lists users with their e-mail, role and join date, and is marked not to be indexed', async () => {
    const account = newAccount('Priya Nair');
    await registerByApi(site.url, account);
    const page = await site.newPage();

    await openUsersAsAdmin(page);

    const row = rowOf(page, account);
    await row.waitFor();
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['User', 'Email', 'Role', 'Joined', 'Actions']);
    expect(await row.getByRole('cell').nth(0).textContent()).toContain(account.name);
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('User');
    expect(await row.getByRole('cell').nth(3).textContent()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await rowOf(page, ADMIN).getByRole('cell').nth(2).textContent()).toBe('Admin');
    expect(
      await page.locator('meta[name="robots"][content="noindex,nofollow"]:not([data-server])').count(),
    ).toBeGreaterThan(0);
    expect(await page.getByRole('navigation', { name: 'User pages' }).count()).toBe(0);
  });

  it('filters the loaded page by name or e-mail, whatever the case', async () => {
    const first = newAccount('Zelda Quist');
    const second = newAccount('Marco Bell');
    await registerByApi(site.url, first);
    await registerByApi(site.url, second);
    const page = await site.newPage();
    await openUsersAsAdmin(page);
    const search = page.getByPlaceholder('Search users...');

    await search.fill('zELDA');
    await rowOf(page, first).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);

    await search.fill(second.email.toUpperCase());
    await rowOf(page, second).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    expect(await rowOf(page, first).count()).toBe(0);

    await search.fill('');
    await rowOf(page, first).waitFor();
    await rowOf(page, ADMIN).waitFor();
  });

  it('lets an admin promote a member, who then reaches the back office and sees Admin Panel in the menu', async () => {
    const account = newAccount('Lena Park');
    await registerByApi(site.url, account);
    const memberPage = await site.newPage();
    await signIn(memberPage, site.url, account);
    const adminPage = await site.newPage();
    await openUsersAsAdmin(adminPage);

    const row = rowOf(adminPage, account);
    await row.getByRole('button', { name: 'Make Admin' }).click();

    await row.getByRole('button', { name: 'Make User' }).waitFor();
    expect(await row.getByRole('button', { name: 'Make User' }).getAttribute('title')).toBe('Make User');
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('Admin');

    await memberPage.reload();
    await userMenuButton(memberPage, account).click();
    await memberPage.getByRole('menuitem', { name: 'Admin Panel' }).click();
    await memberPage.waitForURL((url) => url.pathname === '/admin');
    await memberPage.getByRole('navigation', { name: 'Admin' }).waitFor();
  });

  it('lets an admin hand the role back, making the member an ordinary user again', async () => {
    const account = newAccount();
    await registerByApi(site.url, account);
    const page = await site.newPage();
    await openUsersAsAdmin(page);
    const row = rowOf(page, account);

    await row.getByRole('button', { name: 'Make Admin' }).click();
    await row.getByRole('button', { name: 'Make User' }).click();

    await row.getByRole('button', { name: 'Make Admin' }).waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('User');
  });

  it('deletes a user only after the admin confirms', async () => {
    const account = newAccount('Omar Said');
    await registerByApi(site.url, account);
    const page = await site.newPage();
    await openUsersAsAdmin(page);
    const row = rowOf(page, account);
    const questions = await deleteAfterConfirming(page, row, 'Delete User');
    expect(questions).toEqual([
      'Are you sure you want to delete this user?',
      'Are you sure you want to delete this user?',
    ]);
  });

  it('tells the admin when a change is refused, e.g. deleting their own account', async () => {
    const page = await site.newPage();
    await openUsersAsAdmin(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });

    await rowOf(page, ADMIN).getByRole('button', { name: 'Delete User' }).click();

    await expect
      .poll(() => dialogs)
      .toEqual([
        'confirm: Are you sure you want to delete this user?',
        'alert: Failed to delete user. You cannot delete your own account. Ask another admin to do it.',
      ]);
    expect(await rowOf(page, ADMIN).count()).toBe(1);
  });

  it('pages through more than twenty users with Previous, numbered pages and Next', async () => {
    for (let index = 0; index < 21; index += 1) await registerByApi(site.url, newAccount(`Extra ${index}`));
    const page = await site.newPage();
    await openUsersAsAdmin(page);
    const pages = page.getByRole('navigation', { name: 'User pages' });
    await pages.waitFor();

    expect(await pages.getByRole('button').allTextContents()).toEqual(
      expect.arrayContaining(['Previous', '1', '2', 'Next']),
    );
    expect(await pages.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await pages.getByRole('button', { name: 'Next' }).click();

    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect
      .poll(() => pages.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current'))
      .toBe('page');
    expect(await pages.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await pages.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(false);
  });

  it('keeps the admin navigation reachable at phone width', async () => {
    const page = await site.newPage(PHONE);
    await signInByApi(page, site.url, ADMIN);
    await page.goto(`${site.url}/admin/users`);

    const nav = page.getByRole('navigation', { name: 'Admin' }).filter({ visible: true });
    await nav.getByRole('link', { name: 'Users' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'Users',
      'Content',
      'Ads',
      'Datasets',
      'Messages',
      'Operations',
      'Audit',
    ]);
    expect(pathnameOf(page)).toBe('/admin/users');
  });
});
