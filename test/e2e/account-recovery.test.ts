/**
 * Forgotten passwords and account settings, driven in Chromium at desktop and phone sizes. The
 * site sends its mail through a real SMTP server started here (`SMTP_URL`), whose messages the
 * test reads for their links. The site runs in this process, as `npm start` runs it, so that its
 * clock can be moved an hour on to see a link expire without waiting for it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, type LocalRedis, loadConfig, startLocalRedis } from '@cinefold/platform';
import { linkIn, type SmtpInbox, startSmtpInbox } from '@cinefold/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSite, startSite } from '../../gateway/src/site.js';
import {
  type Account,
  appSettled,
  callApi,
  newAccount,
  registerByApi,
  signIn,
  signInByApi,
} from './support/accounts.js';
import { sharedBrowser } from './support/browser.js';
import { PHONE, watchedPages } from './support/session.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/site.js';

const HOUR = 60 * 60 * 1000;
const VIEWPORTS = { desktop: { width: 1366, height: 900 }, phone: PHONE } as const;
const NOT_VALID = /not valid or has expired/;

let inbox: SmtpInbox;
let redis: LocalRedis;
let dataDir: string;
let site: RunningSite;
let url: string;
let browser: Browser;
/** How far the site's clock runs ahead of the real one. */
let clockAhead = 0;
const pages = watchedPages();

beforeAll(async () => {
  inbox = await startSmtpInbox();
  redis = await startLocalRedis();
  dataDir = mkdtempSync(join(tmpdir(), 'cinefold-e2e-recovery-'));
  const config = loadConfig({
    SEED_DEMO: '0',
    DATA_DIR: dataDir,
    REDIS_URL: redis.url,
    LOG_LEVEL: 'error',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SMTP_URL: inbox.url,
  });
  site = await startSite('all', { ...config, PORT: 0 }, createLogger('e2e'), {
    clock: () => new Date(Date.now() + clockAhead),
    drainMs: 1000,
  });
  url = site.url!;
  browser = await sharedBrowser();
});

afterEach(async () => {
  clockAhead = 0;
  await pages.release();
});

afterAll(async () => {
  await pages.closeAll();
  await site?.stop();
  await redis?.stop();
  await inbox?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const newPage = (viewport: { width: number; height: number }) => pages.open(browser, viewport);

/** A session of the member's from elsewhere (another device), to see it end. */
async function otherSession(account: Account): Promise<string> {
  const answer = await callApi(url, 'POST', '/auth/login', {
    body: { email: account.email, password: account.password },
  });
  expect(answer.status).toBe(200);
  return (answer.body as { token: string }).token;
}

const meStatus = async (token: string) => (await callApi(url, 'GET', '/auth/me', { token })).status;
const signInStatus = async (email: string, password: string) =>
  (await callApi(url, 'POST', '/auth/login', { body: { email, password } })).status;

/** Asks for a reset link on the page reached from the login screen; the notice it shows. */
async function askForResetLink(page: Page, email: string): Promise<string> {
  await page.goto(`${url}/login`);
  await appSettled(page);
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await page.waitForURL((address) => address.pathname === '/forgot-password');
  // The router keeps the login page (with its own Email field) on screen until this one is in.
  await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const notice = page.getByRole('main').getByRole('status');
  await notice.waitFor();
  return (await notice.textContent()) ?? '';
}

async function setNewPassword(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await appSettled(page);
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set New Password' }).click();
}

/**
 * Waits for the profile to be on screen with `email` as the member's address. The page a link
 * leaves stays on screen until the profile is ready, and the confirmation's page names the new
 * address too: the profile's own heading comes first.
 */
async function profileShows(page: Page, email: string): Promise<void> {
  await page.waitForURL((address) => address.pathname === '/profile');
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 2, name: 'Account Settings' }).waitFor();
  await main.getByText(email, { exact: true }).first().waitFor();
}

describe.each(Object.entries(VIEWPORTS))('on a %s', (_name, viewport) => {
  it('resets a forgotten password from the login screen with the link the mail brings, once', async () => {
    const account = newAccount('Casey Holt');
    await registerByApi(url, account);
    const before = await otherSession(account);
    const page = await newPage(viewport);

    const said = await askForResetLink(page, account.email);
    expect(said).toMatch(/If an account exists for this email/);
    const mail = await inbox.waitFor(account.email);
    expect(mail.subject).toBe('Reset your Cinefold password');
    const link = linkIn(mail, `${url}/reset-password#token=`);

    await setNewPassword(page, link, 'fresh-popcorn-7');
    await page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: 'Your password has been changed' })
      .waitFor();
    // The session from before has ended; the old password is gone, the new one signs in.
    expect(await meStatus(before)).toBe(401);
    expect(await signInStatus(account.email, account.password)).toBe(401);
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((address) => address.pathname === '/login');
    await signIn(page, url, { ...account, password: 'fresh-popcorn-7' });

    // The link does not work twice.
    await setNewPassword(page, link, 'third-popcorn-8');
    await page.getByRole('main').getByRole('alert').filter({ hasText: NOT_VALID }).waitFor();
    expect(await signInStatus(account.email, 'fresh-popcorn-7')).toBe(200);
  }, 60_000);

  it('refuses a link once its hour has passed', async () => {
    const account = newAccount();
    await registerByApi(url, account);
    const page = await newPage(viewport);
    await askForResetLink(page, account.email);
    const link = linkIn(await inbox.waitFor(account.email), `${url}/reset-password#token=`);

    clockAhead = HOUR + 60_000;
    await setNewPassword(page, link, 'late-popcorn-9');
    await page.getByRole('main').getByRole('alert').filter({ hasText: NOT_VALID }).waitFor();
    expect(await signInStatus(account.email, account.password)).toBe(200);
  }, 60_000);

  it('answers an unknown address with the same words as a known one, and mails nobody', async () => {
    const known = newAccount();
    await registerByApi(url, known);
    const unknown = `nobody-${Date.now()}@example.com`;
    const page = await newPage(viewport);
    const forUnknown = await askForResetLink(page, unknown);
    const forKnown = await askForResetLink(page, known.email);
    expect(forUnknown).toBe(forKnown);
    await inbox.waitFor(known.email);
    expect(inbox.to(unknown)).toEqual([]);
  }, 60_000);

  it('changes the name, the password (given the current one) and the email (once confirmed) on the profile', async () => {
    const account = newAccount('Morgan Lee');
    const taken = newAccount();
    await registerByApi(url, account);
    await registerByApi(url, taken);
    const page = await newPage(viewport);
    await signInByApi(page, url, account);
    const elsewhere = await otherSession(account);
    await page.goto(`${url}/profile`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 2, name: 'Account Settings' }).waitFor();

    // Name.
    const nameForm = main.getByRole('form', { name: 'Name' });
    await nameForm.getByRole('textbox', { name: 'Full Name' }).fill('Morgan Lee-Park');
    await nameForm.getByRole('button', { name: 'Save Name' }).click();
    await nameForm.getByRole('status').filter({ hasText: 'Your name has been saved.' }).waitFor();
    await main.getByRole('heading', { level: 1, name: 'Morgan Lee-Park' }).waitFor();

    // Password: a wrong current one is refused with a clear message.
    const passwordForm = main.getByRole('form', { name: 'Password' });
    await passwordForm.getByRole('textbox', { name: 'Current Password' }).fill('not-my-password');
    await passwordForm.getByRole('textbox', { name: 'New Password', exact: true }).fill('newer-popcorn-5');
    await passwordForm.getByRole('textbox', { name: 'Confirm New Password' }).fill('newer-popcorn-5');
    await passwordForm.getByRole('button', { name: 'Change Password' }).click();
    await passwordForm
      .getByRole('alert')
      .filter({ hasText: 'Your current password is not correct.' })
      .waitFor();
    await passwordForm.getByRole('textbox', { name: 'Current Password' }).fill(account.password);
    await passwordForm.getByRole('button', { name: 'Change Password' }).click();
    await passwordForm.getByRole('status').filter({ hasText: 'Your password has been changed' }).waitFor();
    expect(await meStatus(elsewhere)).toBe(401);
    expect(await signInStatus(account.email, 'newer-popcorn-5')).toBe(200);
    const password = 'newer-popcorn-5';

    // This device stays signed in with the token the change gave it.
    await page.reload();
    await main.getByRole('heading', { level: 1, name: 'Morgan Lee-Park' }).waitFor();

    // Email: an address that has an account is refused with sign-up's words.
    const emailForm = main.getByRole('form', { name: 'Email' });
    /** Asks, with the password, for `email` as the new address; waits for the form's `answer`. */
    const askToMoveTo = async (email: string, answer: { role: 'alert' | 'status'; text: string }) => {
      await emailForm.getByRole('textbox', { name: 'New Email Address' }).fill(email);
      await emailForm.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
      await emailForm.getByRole('button', { name: 'Send Confirmation Link' }).click();
      await emailForm.getByRole(answer.role).filter({ hasText: answer.text }).waitFor();
    };
    await askToMoveTo(taken.email, { role: 'alert', text: 'An account with this email already exists.' });

    const newEmail = `moved-${Date.now()}@example.com`;
    await askToMoveTo(newEmail, { role: 'status', text: 'We have sent a link to your new email address' });
    // Nothing changes until the link is opened.
    expect(await main.getByText(account.email, { exact: true }).first().isVisible()).toBe(true);
    expect(await signInStatus(newEmail, password)).toBe(401);

    const mail = await inbox.waitFor(newEmail);
    expect(mail.subject).toBe('Confirm your new Cinefold email address');
    await page.goto(linkIn(mail, `${url}/confirm-email#token=`));
    await main.getByRole('status').filter({ hasText: 'Your email address has been changed.' }).waitFor();
    await main.getByRole('link', { name: 'Go to your profile' }).click();
    await profileShows(page, newEmail);
    expect(await signInStatus(newEmail, password)).toBe(200);
    expect(await signInStatus(account.email, password)).toBe(401);
  }, 60_000);
});

describe('the confirmation link', () => {
  it('shows the new address even when the app’s first look at the member was still on its way', async () => {
    const account = newAccount('Robin Early');
    await registerByApi(url, account);
    const page = await newPage(VIEWPORTS.desktop);
    await signInByApi(page, url, account);
    const newEmail = `early-${Date.now()}@example.com`;
    const asked = await callApi(url, 'POST', '/auth/change-email', {
      token: await otherSession(account),
      body: { email: newEmail, password: account.password },
    });
    expect(asked.status).toBe(202);
    const mail = await inbox.waitFor(newEmail);

    // The app asks who the member is as it starts, and sends the link's token at the same time.
    // The first answer (the old address) is held back until the change has been answered, as a
    // busy site may do: the app must then ask again rather than keep it.
    let confirmed!: () => void;
    const confirmAnswered = new Promise<void>((resolve) => (confirmed = resolve));
    page.on('requestfinished', (request) => {
      if (request.url().endsWith('/api/auth/confirm-email')) confirmed();
    });
    let first = true;
    await page.route('**/api/auth/me', async (route) => {
      if (!first) return route.continue();
      first = false;
      const answer = await route.fetch();
      await confirmAnswered;
      await route.fulfill({ response: answer });
    });
    await page.goto(linkIn(mail, `${url}/confirm-email#token=`));
    const main = page.getByRole('main');
    await main.getByRole('status').filter({ hasText: 'Your email address has been changed.' }).waitFor();
    await main.getByRole('link', { name: 'Go to your profile' }).click();
    await profileShows(page, newEmail);
  }, 60_000);
});
