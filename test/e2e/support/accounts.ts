import { randomUUID } from 'node:crypto';
import type { AuthResponse } from '@cinefold/contracts';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, QUIET_DOCUMENT } from './site.js';

export interface Account {
  readonly name: string;
  readonly email: string;
  readonly password: string;
}

export const ADMIN: Account = { name: 'Administrator', email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

/** A member nobody has registered yet; every test makes its own, so tests never share accounts. */
export function newAccount(name = 'Jamie Rivera'): Account {
  return { name, email: `member-${randomUUID().slice(0, 8)}@example.com`, password: 'popcorn-42' };
}

interface ApiAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly eventPosition: string | null;
}

/** Calls the site's API from the test itself (not through the page), e.g. to prepare data. */
export async function callApi(
  siteUrl: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { token?: string; body?: unknown; eventPosition?: string | null } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.eventPosition) headers['X-Event-Position'] = options.eventPosition;
  const response = await fetch(`${siteUrl}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as unknown) : undefined,
    eventPosition: response.headers.get('X-Event-Position'),
  };
}

/**
 * Registers `account` straight through the API, for tests about something other than sign-up.
 * It returns once the read side knows the account, so a page opened next (the admin's user
 * table, which carries no event position of this write) already lists it.
 */
export async function registerByApi(siteUrl: string, account: Account): Promise<void> {
  const answer = await callApi(siteUrl, 'POST', '/auth/register', { body: account });
  if (answer.status !== 201) throw new Error(`registering ${account.email} answered ${answer.status}`);
  const { token } = answer.body as { token: string };
  await callApi(siteUrl, 'GET', '/auth/me', { token, eventPosition: answer.eventPosition });
}

/**
 * Waits until the app has taken its page over from the server's first screen (it drops it once the
 * page has rendered with its answers): until then the app's first render is still coming in
 * slices, and a form filled in meanwhile is not yet the app's settled page.
 */
export async function appSettled(page: Page): Promise<void> {
  await page.locator('#first-screen').waitFor({ state: 'detached' });
}

export async function fillRegisterForm(page: Page, account: Account, confirmation = account.password) {
  await appSettled(page);
  await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill(account.name);
  await page.getByRole('textbox', { name: 'Email Address', exact: true }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(confirmation);
}

/** Signs up through the /register form and waits until it has taken the new member to the home page. */
export async function signUp(page: Page, siteUrl: string, account: Account): Promise<void> {
  await page.goto(`${siteUrl}/register`);
  await fillRegisterForm(page, account);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Signs in through the /login form and waits until it has taken the member to the home page. */
export async function signIn(page: Page, siteUrl: string, account: Account): Promise<void> {
  await page.goto(`${siteUrl}/login`);
  await appSettled(page);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * Signs `account` in without the sign-in form, for tests about what a member sees elsewhere: the
 * session the API answers is kept as the app keeps it (spec section 9: the token under `token`,
 * the user as JSON under `user`), once the read side knows it. The page is left on a small document
 * of the site, so the test's next `goto` opens the app signed in, one page load sooner than
 * `signIn`.
 */
export async function signInByApi(page: Page, siteUrl: string, account: Account): Promise<void> {
  const { email, password } = account;
  const answer = await callApi(siteUrl, 'POST', '/auth/login', { body: { email, password } });
  if (answer.status !== 200) throw new Error(`signing ${email} in answered ${answer.status}`);
  const { token, user } = answer.body as AuthResponse;
  await callApi(siteUrl, 'GET', '/auth/me', { token, eventPosition: answer.eventPosition });
  await keepSession(page, siteUrl, token, user);
}

/**
 * Keeps a session the way the app does (spec section 9), from a token the test already holds
 * (signing in again would count against the sign-in limit); the app reads the user with it.
 */
export async function keepSession(
  page: Page,
  siteUrl: string,
  token: string,
  user?: AuthResponse['user'],
): Promise<void> {
  await page.goto(`${siteUrl}${QUIET_DOCUMENT}`);
  await storeItem(page, 'token', token);
  if (user) await storeItem(page, 'user', JSON.stringify(user));
}

/** The header button that opens the signed-in member's menu. */
export function userMenuButton(page: Page, account: Pick<Account, 'name'>) {
  return page.getByRole('banner').getByRole('button', { name: account.name, exact: true });
}

/** Shape of the browser's globals read here; the test project compiles without the DOM library. */
interface BrowserStorage {
  readonly localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

export function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => (globalThis as unknown as BrowserStorage).localStorage.getItem(name), key);
}

export function storeItem(page: Page, key: string, value: string): Promise<void> {
  return page.evaluate(
    ([name, text]) => (globalThis as unknown as BrowserStorage).localStorage.setItem(name!, text!),
    [key, value],
  );
}
