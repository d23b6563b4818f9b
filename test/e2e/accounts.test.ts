import { describe, expect, it } from 'vitest';
import {
  callApi,
  fillRegisterForm,
  newAccount,
  registerByApi,
  signIn,
  signUp,
  storedItem,
  storeItem,
  userMenuButton,
} from './support/accounts.js';
import { pathnameOf } from './support/page-helpers.js';
import { PHONE, useSiteSession } from './support/session.js';

const site = useSiteSession();

describe('signing up', () => {
  it('signs a new member in, shows their name in the header and an empty Member profile', async () => {
    const account = newAccount('Robin Marsh');
    const page = await site.newPage();
    await signUp(page, site.url, account);
    await userMenuButton(page, account).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');

    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: account.name }).waitFor();
    expect(await main.getByText(account.email).isVisible()).toBe(true);
    expect(await main.getByText('Member', { exact: true }).isVisible()).toBe(true);
    await main.getByText('No items yet').waitFor();
    expect(await main.getByRole('link', { name: 'Start exploring content' }).getAttribute('href')).toBe(
      '/movies',
    );
    expect(await page.locator('meta[name="robots"]:not([data-server])').getAttribute('content')).toBe(
      'noindex,nofollow',
    );
    expect(await storedItem(page, 'token')).toBeTruthy();
    expect(JSON.parse((await storedItem(page, 'user')) ?? '{}')).toMatchObject({ email: account.email });
  });

  it('refuses a mismatched confirmation and a short password without asking the server', async () => {
    const page = await site.newPage();
    const registerCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/register')) registerCalls.push(request.url());
    });
    await page.goto(`${site.url}/register`);
    const alert = page.getByRole('main').getByRole('alert');

    await fillRegisterForm(page, newAccount(), 'something-else');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await alert.filter({ hasText: 'Passwords do not match' }).waitFor();

    await fillRegisterForm(page, { ...newAccount(), password: 'abc12' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await alert.filter({ hasText: 'Password must be at least 6 characters' }).waitFor();

    expect(registerCalls).toEqual([]);
    expect(pathnameOf(page)).toBe('/register');
  });

  it("shows the server's message when the e-mail address is already registered", async () => {
    const account = newAccount();
    await registerByApi(site.url, account);
    const duplicate = await callApi(site.url, 'POST', '/auth/register', { body: account });
    expect(duplicate.status).toBe(409);
    const serverMessage = (duplicate.body as { message: string }).message;

    const page = await site.newPage();
    await page.goto(`${site.url}/register`);
    await fillRegisterForm(page, { ...account, name: 'Someone Else' });
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.getByRole('main').getByRole('alert').filter({ hasText: serverMessage }).waitFor();
    expect(pathnameOf(page)).toBe('/register');
  });
});

describe('signing in and out', () => {
  it("shows the server's message for a wrong password and stays on /login", async () => {
    const account = newAccount();
    await registerByApi(site.url, account);
    const page = await site.newPage();
    await page.goto(`${site.url}/login`);

    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();

    await page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: 'Invalid email or password.' })
      .waitFor();
    expect(pathnameOf(page)).toBe('/login');
    expect(await storedItem(page, 'token')).toBeNull();
  });

  it('signs a member in and out again, back on the home page with Login and Sign Up, and ends the token', async () => {
    const account = newAccount('Noor Haddad');
    await registerByApi(site.url, account);
    const page = await site.newPage();

    await signIn(page, site.url, account);
    await userMenuButton(page, account).waitFor();
    const token = (await storedItem(page, 'token'))!;
    const signedOut = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
    await page.goto(`${site.url}/profile`);
    await page.getByRole('main').getByRole('heading', { level: 1, name: account.name }).waitFor();

    await userMenuButton(page, account).click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Admin Panel' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Login' }).waitFor();
    expect(await header.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/register');
    expect(await storedItem(page, 'token')).toBeNull();
    expect(await storedItem(page, 'user')).toBeNull();
    expect(pathnameOf(page)).toBe('/');
    // A copy of the token kept elsewhere no longer signs anyone in.
    expect((await signedOut).status()).toBe(204);
    expect((await callApi(site.url, 'GET', '/auth/me', { token })).status).toBe(401);
  });

  it('keeps a member signed in across a reload', async () => {
    const account = newAccount();
    await registerByApi(site.url, account);
    const page = await site.newPage();
    await signIn(page, site.url, account);

    await page.reload();

    await userMenuButton(page, account).waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Login' }).count()).toBe(0);
  });

  it("keeps the member's menu under its button in the fixed header while the page scrolls", async () => {
    const account = newAccount();
    await registerByApi(site.url, account);
    const page = await site.newPage();
    await signIn(page, site.url, account);
    await page.getByRole('contentinfo').waitFor();
    await userMenuButton(page, account).click();
    const profile = page.getByRole('menuitem', { name: 'Profile' });
    await profile.waitFor();

    // Read in the same task as the scroll, before any scroll event could place the menu again.
    const tops = await profile.evaluate((item) => {
      const web = globalThis as unknown as { scrollTo(x: number, y: number): void; scrollY: number };
      const before = item.getBoundingClientRect().top;
      web.scrollTo(0, 120);
      return { before, after: item.getBoundingClientRect().top, scrolled: web.scrollY };
    });

    expect(tops.scrolled).toBe(120);
    expect(tops.after).toBe(tops.before);
  });

  it('quietly signs out a visitor whose stored token is no longer valid', async () => {
    const page = await site.newPage();
    await page.goto(site.url);
    // The first load done (a visitor's: it reads no token), so nothing of it sees what is stored next.
    await page.waitForLoadState('networkidle');
    await storeItem(page, 'token', 'not-a-valid-token');
    await storeItem(page, 'user', '{"name":"Ghost"}');

    await page.reload();

    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    expect(pathnameOf(page)).toBe('/');
    expect(await storedItem(page, 'token')).toBeNull();
    expect(await storedItem(page, 'user')).toBeNull();
  });

  it("puts the member's Profile and Logout in the mobile menu", async () => {
    const account = newAccount('Sam Okafor');
    await registerByApi(site.url, account);
    const page = await site.newPage(PHONE);
    await signIn(page, site.url, account);

    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Open menu' }).click();
    const mobileNav = header.getByRole('navigation', { name: 'Mobile' });
    await mobileNav.getByText(account.name).waitFor();
    expect(await mobileNav.getByRole('link', { name: 'Login' }).count()).toBe(0);

    await mobileNav.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await header.getByRole('button', { name: 'Open menu' }).click();
    await mobileNav.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await header.getByRole('button', { name: 'Open menu' }).click();
    await mobileNav.getByRole('link', { name: 'Login' }).waitFor();
  });
});

describe('the route guard', () => {
  it('sends a guest who opens /profile to /login', async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/profile`);

    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
  });

  it('sends a guest who opens /admin/users to /login', async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/admin/users`);

    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('sends a member who is not an admin from /admin to the home page', async () => {
    const account = newAccount();
    await registerByApi(site.url, account);
    const page = await site.newPage();
    await signIn(page, site.url, account);

    await page.goto(`${site.url}/admin`);

    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
  });
});
