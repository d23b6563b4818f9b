import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, callApi, signIn, signInByApi } from './support/accounts.js';
import { adminToken, generatedTvCsv, importCsv, importSampleMovies } from './support/catalogue.js';
import { useSiteSession } from './support/session.js';
import { trackView } from './support/visitors.js';

const site = useSiteSession();
let token: string;

beforeAll(async () => {
  token = await adminToken(site.url);
});

/** A page view as a visitor's browser reports it. */
async function track(path: string, referrer: string | null = null): Promise<void> {
  const response = await trackView(site.url, path, referrer);
  expect(response.status).toBe(204);
}

async function openDashboard(page: Page): Promise<void> {
  await signInByApi(page, site.url, ADMIN);
  await page.goto(`${site.url}/admin`);
  await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
}

const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const figure = (page: Page, name: string) => page.locator(`[data-figure="${name}"]`);

/** The tests run in order on one site: first with no traffic at all, then with some. */
describe('the admin dashboard', () => {
  it('shows the tiles, the stat cards and every empty state before any traffic, and is not indexed', async () => {
    const page = await site.newPage();
    await openDashboard(page);

    const tiles = page.getByRole('navigation', { name: 'Back office' }).getByRole('link');
    expect(await tiles.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      '/admin/users',
      '/admin/content',
      '/admin/ads',
      '/admin/datasets',
      '/',
    ]);
    for (const name of ['Total Users', 'Total Movies', 'Total TV Shows', 'Total Views']) {
      await panel(page, name).waitFor();
    }
    expect(await figure(page, 'Total Users').textContent()).toBe('1');
    expect(await panel(page, 'Total Users').textContent()).toContain('+1 this month');
    expect(await figure(page, 'Total Views').textContent()).toBe('0');

    await panel(page, 'Traffic: Visits (Last 7 days)').getByText('No traffic data').waitFor();
    await panel(page, 'Top Sources').getByText('No source data').waitFor();
    await panel(page, 'Devices').getByText('No device data').waitFor();
    await panel(page, 'Top Countries').getByText('No country data').waitFor();
    expect(await figure(page, 'Click-Through Rate').textContent()).toBe('0%');
    // The admin signed up today: User Growth has a line to draw.
    await panel(page, 'User Growth (Last 7 Days)').locator('.apexcharts-svg').waitFor();
    expect(
      await page.locator('meta[name="robots"][content="noindex,nofollow"]:not([data-server])').count(),
    ).toBeGreaterThan(0);
  });

  it('ends the spinner, logs the failure and shows "No data available" when the stats cannot be loaded', async () => {
    const page = await site.newPage();
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await signInByApi(page, site.url, ADMIN);
    // The network fails, as it can: the server is not asked at all. The live stream would bring
    // the figures a moment later, so it fails too.
    for (const call of ['**/api/admin/stats*', '**/api/admin/stream*']) {
      await page.route(call, (route) => route.abort('connectionfailed'));
    }
    await page.goto(`${site.url}/admin`);

    await panel(page, 'User Growth (Last 7 Days)').getByText('No data available').waitFor();
    expect(await page.getByRole('status', { name: 'Loading dashboard' }).count()).toBe(0);
    expect(logged.some((text) => text.includes('Failed to load dashboard stats'))).toBe(true);
  });

  it('shows the figures and charts of the site’s traffic, ads and most viewed titles', async () => {
    await importSampleMovies(site.url, 3);
    expect((await importCsv(site.url, generatedTvCsv(2), { type: 'tv' })).status).toBe(200);
    const movies = (await callApi(site.url, 'GET', '/movies?sortBy=title&limit=3')).body as {
      movies: { id: number; title: string }[];
    };
    const tvShows = (await callApi(site.url, 'GET', '/tvshows?limit=1')).body as {
      tvShows: { id: number; name: string }[];
    };
    const [first, second] = movies.movies;
    const show = tvShows.tvShows[0]!;
    await track(`/movies/${first!.id}`, 'https://www.google.com/');
    await track(`/movies/${first!.id}`, 'https://www.google.com/');
    await track(`/movies/${second!.id}`);
    await track(`/tv-shows/${show.id}`);

    const created = await callApi(site.url, 'POST', '/admin/ads', {
      token,
      body: { title: 'Popcorn', type: 'image', imageUrl: 'https://example.com/a.png', position: 'home-hero' },
    });
    expect(created.status).toBe(201);
    const adId = (created.body as { id: string }).id;
    // The spec's beacons, with no body: each is counted.
    const beacon = (kind: string) => callApi(site.url, 'POST', `/ads/${adId}/${kind}`).then((a) => a.status);
    // The ad is known to the beacons once its read model has it (a 404 counts nothing).
    await expect.poll(() => beacon('impression')).toBe(204);
    for (let i = 0; i < 2; i++) expect(await beacon('impression')).toBe(204);
    expect(await beacon('click')).toBe(204);

    const page = await site.newPage();
    await openDashboard(page);
    await expect.poll(() => figure(page, 'Total Views').textContent()).toBe('4');
    expect(await figure(page, 'Total Movies').textContent()).toBe('3');
    expect(await figure(page, 'Total TV Shows').textContent()).toBe('2');
    await expect.poll(() => figure(page, 'Total Impressions').textContent()).toBe('3');
    expect(await figure(page, 'Total Clicks').textContent()).toBe('1');
    expect(await figure(page, 'Click-Through Rate').textContent()).toBe('33.33%');
    const bars = panel(page, 'Ad Performance').locator('[data-part="range"]');
    expect(
      await bars.evaluateAll((ranges) =>
        ranges.map((range) => (range as unknown as { style: { width: string } }).style.width),
      ),
    ).toEqual(['75%', '60%', '45%']);

    const visits = panel(page, 'Traffic: Visits (Last 7 days)');
    await visits.locator('.apexcharts-svg').waitFor();
    for (const name of ['Top Sources', 'Devices', 'Top Countries']) {
      await panel(page, name).locator('.apexcharts-svg').waitFor();
    }
    await panel(page, 'Top Sources').getByText('Google').first().waitFor();

    const topMovies = panel(page, 'Top Movies').getByRole('listitem');
    await expect.poll(() => topMovies.count()).toBe(2);
    expect(await topMovies.nth(0).textContent()).toBe(`1${first!.title}2 views`);
    expect(await topMovies.nth(1).textContent()).toBe(`2${second!.title}1 view`);
    expect(await topMovies.nth(0).locator('img').count()).toBe(1);
    expect(await panel(page, 'Top TV Shows').getByRole('listitem').first().textContent()).toBe(
      `1${show.name}1 view`,
    );

    await page.getByRole('combobox', { name: 'Traffic window' }).selectOption('30');
    await panel(page, 'Traffic: Visits (Last 30 days)').locator('.apexcharts-svg').waitFor();
  });

  it('updates live when a view is tracked, without loading the stats again', async () => {
    const page = await site.newPage();
    await openDashboard(page);
    await page.getByRole('status', { name: 'Live' }).getByText('Live').waitFor();
    const before = Number((await figure(page, 'Total Views').textContent())!.replace(/,/g, ''));
    let statsLoads = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/stats') statsLoads++;
    });

    await track('/tv-shows', 'https://duckduckgo.com/');

    await expect.poll(() => figure(page, 'Total Views').textContent()).toBe(String(before + 1));
    await panel(page, 'Top Sources').getByText('DuckDuckGo').first().waitFor();
    expect(Number(await figure(page, 'Visitors now').textContent())).toBeGreaterThanOrEqual(1);
    expect(statsLoads).toBe(0);
  });

  it('loads the chart code with the dashboard only, never on the public pages', async () => {
    const scripts = async (path: string, ready: (page: Page) => Promise<unknown>) => {
      const page = await site.newPage();
      if (path.startsWith('/admin')) await signIn(page, site.url, ADMIN);
      // Only the scripts of the page under test: a script the sign-in page was still fetching when
      // it navigated away has no body left to read.
      const loaded: Promise<string>[] = [];
      page.on('response', (response) => {
        // The browser may already have let go of a preloaded script's body: the file is the same
        // when asked for again.
        if (response.request().resourceType() === 'script')
          loaded.push(response.text().catch(async () => (await fetch(response.url())).text()));
      });
      await page.goto(`${site.url}${path}`, { waitUntil: 'load' });
      // Drawn, so every script the page needed has arrived (the dashboard's stream never goes idle).
      await ready(page);
      return Promise.all(loaded);
    };
    const chartCode = (code: string) => code.includes('apexcharts-canvas');

    const home = await scripts('/', (page) => page.getByRole('heading', { level: 1 }).first().waitFor());
    expect(home.length).toBeGreaterThan(0);
    expect(home.filter(chartCode)).toEqual([]);

    const dashboard = await scripts('/admin', (page) => page.locator('.apexcharts-svg').first().waitFor());
    expect(dashboard.filter(chartCode)).toHaveLength(1);
  });
});
