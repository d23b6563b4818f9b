import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/accounts.js';
import { adminToken } from './support/catalogue.js';
import { useSiteSession } from './support/session.js';
import { PERSON_USER_AGENT } from './support/visitors.js';

const site = useSiteSession();
let token: string;

beforeAll(async () => {
  token = await adminToken(site.url);
});

interface BrowserStorage {
  readonly localStorage: { setItem(key: string, value: string): void };
}

/** Today's tracked views, as the admin's traffic summary counts them. */
async function viewsToday(): Promise<number> {
  const answer = await callApi(site.url, 'GET', '/analytics/admin/summary?days=1', { token });
  expect(answer.status).toBe(200);
  return (answer.body as { timeseries: { count: number }[] }).timeseries[0]!.count;
}

/**
 * A page that passes for a person, and how many views it reports (a beacon's body is not shown
 * to the test: what is sent is the unit test's business). Chromium sends a beacon from its own
 * process and tells of it apart: the server may have counted it before the page's event comes,
 * so the count is polled as the server's is (seen one short once, on CI, with both counted).
 */
async function visitorPage(): Promise<{ page: Page; tracked: { count: number } }> {
  const page = await site.newPage();
  await page.setExtraHTTPHeaders({ 'user-agent': PERSON_USER_AGENT });
  const tracked = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/analytics/track') tracked.count++;
  });
  return { page, tracked };
}

describe('page-view tracking in the browser', () => {
  it('records a view for each page a visitor goes to', async () => {
    const before = await viewsToday();
    const { page, tracked } = await visitorPage();
    await page.goto(site.url);
    const mainNav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await mainNav.getByRole('link', { name: 'Movies', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/movies');

    await expect.poll(viewsToday).toBe(before + 2);
    await expect.poll(() => tracked.count).toBe(2);
  });

  it('records none of the back office', async () => {
    const before = await viewsToday();
    const { page, tracked } = await visitorPage();
    await page.addInitScript((stored) => {
      (globalThis as unknown as BrowserStorage).localStorage.setItem('token', stored);
    }, token);
    await page.goto(`${site.url}/admin/users`);
    await page.getByRole('heading', { level: 1, name: 'Manage Users' }).waitFor();
    await page.goto(`${site.url}/admin`);
    // A public page after them: once its view is counted, any of the admin pages' would be too.
    await page.goto(`${site.url}/tv-shows`);

    await expect.poll(viewsToday).toBe(before + 1);
    await expect.poll(() => tracked.count).toBe(1);
  });
});
