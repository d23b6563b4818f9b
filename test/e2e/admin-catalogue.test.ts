import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, callApi, keepSession, signIn } from './support/accounts.js';
import {
  adminToken,
  generatedTvCsv,
  importCsv,
  importSampleMovies,
  SAMPLE_MOVIES_CSV,
} from './support/catalogue.js';
import { deleteAfterConfirming } from './support/page-helpers.js';
import { useSiteSession } from './support/session.js';

const site = useSiteSession();

const DAMAGED_CSV = fileURLToPath(
  new URL('../../../shared/data/tmdb-movies-91-crlf-damaged.csv', import.meta.url),
);

interface ContentItem {
  readonly id: number;
  readonly title?: string;
  readonly name?: string;
  readonly hidden: boolean;
}
interface ContentPage {
  readonly items: ContentItem[];
  readonly pages: number;
  readonly total: number | null;
}
interface UploadAnswer {
  readonly processed: number;
  readonly rejected: number;
  readonly type: string;
  readonly mode: string;
  readonly rejections: { line: number; reason: string }[];
}

interface BrowserStyles {
  getComputedStyle(element: unknown): { readonly color: string };
}

let scratch = '';
/** One admin token for the whole file: sign-ins per account are rate-limited (10 in 15 minutes). */
let token = '';

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'cinefold-admin-catalogue-'));
  token = await adminToken(site.url);
  await importSampleMovies(site.url, 30);
  const tv = await importCsv(site.url, generatedTvCsv(6), { type: 'tv' });
  if (tv.status !== 200) throw new Error(`importing TV shows answered ${tv.status}`);
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The first page of the admin list as the screen asks for it by default. */
async function adminContent(query: Record<string, string> = {}): Promise<ContentPage> {
  const params = new URLSearchParams({
    type: 'movie',
    hidden: 'all',
    sortBy: 'createdAt',
    page: '1',
    limit: '20',
    fast: '1',
    ...query,
  });
  const answer = await callApi(site.url, 'GET', `/admin/content?${params}`, { token });
  expect(answer.status).toBe(200);
  return answer.body as ContentPage;
}

/**
 * Opens an admin page already signed in. The first test signs in through the form; the rest
 * reuse the file's token, stored as the site stores it, to stay clear of the sign-in rate limit.
 */
async function openAsAdmin(page: Page, path: string, heading: string, viaForm = false): Promise<void> {
  if (viaForm) {
    await signIn(page, site.url, ADMIN);
  } else {
    await keepSession(page, site.url, token);
  }
  await page.goto(`${site.url}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

function uploadForm(page: Page) {
  return page.getByRole('form', { name: 'Import Datasets' });
}

/** The title (or name) shown in each row of the content table, top to bottom. */
function shownTitles(page: Page): Promise<string[]> {
  return page.locator('tbody [data-part="title"]').allTextContents();
}

function rowOf(page: Page, title: string) {
  return page.getByRole('row').filter({ has: page.getByText(title, { exact: true }) });
}

function figure(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Import result' })
    .locator('dt', { hasText: label })
    .locator('+ dd');
}

describe('the admin dataset import', () => {
  it('uploads a CSV picked in the file input and reports the rows taken in, the type, the mode and the refused row', async () => {
    const lines = readFileSync(SAMPLE_MOVIES_CSV, 'utf8').split('\n');
    const file = join(scratch, 'five-movies.csv');
    // Five real rows, then one whose id is not a number (line 7 of the file).
    const broken = lines[205]!.replace(/^"\d+"/, '"not-a-number"');
    writeFileSync(file, `${[lines[0], ...lines.slice(200, 205), broken].join('\n')}\n`);
    const page = await site.newPage();
    await openAsAdmin(page, '/admin/datasets', 'Import Datasets', true);
    expect(await page.title()).toContain('Datasets');
    const form = uploadForm(page);
    expect(await form.locator('input[type="file"]').getAttribute('accept')).toBe('.csv');

    await form.getByLabel('Mode').selectOption('append');
    await form.locator('input[type="file"]').setInputFiles(file);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/admin/datasets/upload'));
    await form.getByRole('button', { name: 'Start Import' }).click();
    const body = (await (await answer).json()) as UploadAnswer;

    await page.getByRole('region', { name: 'Import result' }).waitFor();
    expect(body.processed).toBe(5);
    expect(await figure(page, 'Processed').textContent()).toBe(String(body.processed));
    expect(await figure(page, 'Type').textContent()).toBe('movie');
    expect(await figure(page, 'Mode').textContent()).toBe('append');
    expect(body.rejected).toBe(1);
    expect(body.rejections[0]!.line).toBe(7);
    expect(await figure(page, 'Rejected').textContent()).toBe('1');
    const refused = page.getByRole('region', { name: 'Import result' }).getByRole('listitem');
    expect(await refused.allTextContents()).toEqual([`Line 7: ${body.rejections[0]!.reason}`]);
    expect(await form.getByRole('button', { name: 'Start Import' }).isEnabled()).toBe(true);
  });

  it('uploads the damaged real-world file (CRLF, broken encoding) and reports what the server did', async () => {
    const page = await site.newPage();
    await openAsAdmin(page, '/admin/datasets', 'Import Datasets');
    const form = uploadForm(page);
    await form.locator('input[type="file"]').setInputFiles(DAMAGED_CSV);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/admin/datasets/upload'));
    await form.getByRole('button', { name: 'Start Import' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    const body = (await response.json()) as UploadAnswer;

    const result = page.getByRole('region', { name: 'Import result' });
    await result.waitFor();
    expect(await figure(page, 'Processed').textContent()).toBe(body.processed.toLocaleString('en-US'));
    expect(await figure(page, 'Rejected').textContent()).toBe(body.rejected.toLocaleString('en-US'));
    const listed = await result.getByRole('listitem').allTextContents();
    expect(listed).toEqual(body.rejections.map((row) => `Line ${row.line}: ${row.reason}`));
  });

  it('follows an import that outlasts the upload (202) with a progress bar, then reports it', async () => {
    // Only files far larger than a test should send make the server answer 202, so the two
    // answers are played back here in the shape of ImportJobStatus; the page is what is tested.
    const job = {
      jobId: 'job-202',
      type: 'tv',
      mode: 'replace',
      processed: 0,
      rejected: 0,
      rejections: [] as { line: number; reason: string }[],
    };
    const steps = [
      { ...job, state: 'running', progress: 0.6, processed: 1200 },
      {
        ...job,
        state: 'completed',
        progress: 1,
        processed: 2000,
        rejected: 1,
        rejections: [{ line: 17, reason: 'id is not a number' }],
      },
    ];
    const polls: string[] = [];
    const page = await site.newPage();
    await page.route('**/api/admin/datasets/upload', (route) =>
      route.fulfill({ status: 202, json: { ...job, state: 'queued', progress: 0.25 } }),
    );
    await page.route('**/api/admin/datasets/jobs/*', async (route) => {
      polls.push(new URL(route.request().url()).pathname);
      // Each answer waits a little, so the bar can be seen between polls.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.fulfill({ json: steps.shift() ?? steps.at(-1) });
    });
    await openAsAdmin(page, '/admin/datasets', 'Import Datasets');
    const form = uploadForm(page);
    await form.getByLabel('Type').selectOption('tv');
    await form.getByLabel('Mode').selectOption('replace');
    await form.locator('input[type="file"]').setInputFiles({
      name: 'shows.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(generatedTvCsv(2)),
    });

    // A replacing import asks first when the type holds titles (see back-office.test.ts): yes.
    page.on('dialog', (dialog) => void dialog.accept());
    await form.getByRole('button', { name: 'Start Import' }).click();

    const bar = form.getByRole('progressbar');
    await bar.waitFor();
    expect(await form.getByRole('button', { name: 'Importing...' }).isDisabled()).toBe(true);
    expect(await bar.getAttribute('aria-valuenow')).toBe('25');
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 5000 }).toBe('60');
    await page.getByRole('region', { name: 'Import result' }).waitFor();
    expect(await bar.count()).toBe(0);
    expect(await figure(page, 'Processed').textContent()).toBe('2,000');
    expect(await figure(page, 'Type').textContent()).toBe('tv');
    expect(await figure(page, 'Mode').textContent()).toBe('replace');
    expect(await figure(page, 'Rejected').textContent()).toBe('1');
    const rejected = page.getByRole('region', { name: 'Import result' }).getByRole('listitem');
    expect(await rejected.allTextContents()).toEqual(['Line 17: id is not a number']);
    expect(polls).toEqual(['/api/admin/datasets/jobs/job-202', '/api/admin/datasets/jobs/job-202']);
  });

  it('asks for a file before sending anything', async () => {
    const page = await site.newPage();
    await openAsAdmin(page, '/admin/datasets', 'Import Datasets');
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/datasets')) uploads.push(request.url());
    });

    await uploadForm(page).getByRole('button', { name: 'Start Import' }).click();

    await page.getByRole('alert').filter({ hasText: 'Please select a CSV file to upload.' }).waitFor();
    expect(uploads).toEqual([]);
  });

  it("shows the server's own message when the file is not a CSV of titles", async () => {
    const notCsv = Buffer.from('just some notes\nnothing tabular here\n');
    const expected = await importCsv(site.url, notCsv, { fileName: 'notes.txt' });
    expect(expected.status).toBe(400);
    expect(expected.body.message).toBeTruthy();
    const page = await site.newPage();
    await openAsAdmin(page, '/admin/datasets', 'Import Datasets');
    const form = uploadForm(page);

    await form.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: notCsv,
    });
    await form.getByRole('button', { name: 'Start Import' }).click();

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe(expected.body.message);
    expect(await page.getByRole('region', { name: 'Import result' }).count()).toBe(0);
  });
});

describe('the admin content table', () => {
  it('lists the newest titles with the totals and page count the API gives', async () => {
    const expected = await adminContent();
    const page = await site.newPage();
    await openAsAdmin(page, '/admin/content', 'Manage Content');
    expect(await page.title()).toContain('Content');

    await page.getByText(`Total: ${expected.total}`).waitFor();
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      'Poster',
      'Title',
      'Popularity',
      'Rating',
      'Views',
      'Hidden',
      'Actions',
    ]);
    expect(await shownTitles(page)).toEqual(expected.items.map((item) => item.title));
    await page.getByText(`Page 1 of ${expected.pages}`).waitFor();
    const poster = await page.locator('tbody img').first().getAttribute('src');
    expect(poster).toMatch(/\/w185\/|poster-placeholder/);
    expect(
      await page.locator('meta[name="robots"][content="noindex,nofollow"]:not([data-server])').count(),
    ).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Next' }).click();
    const second = await adminContent({ page: '2' });
    await page.getByText(`Page 2 of ${expected.pages}`).waitFor();
    await expect.poll(() => shownTitles(page)).toEqual(second.items.map((item) => item.title));
  });

  it('narrows the list as the admin types a search', async () => {
    const everything = await adminContent();
    const word = everything.items[3]!.title!.split(' ')[0]!;
    const expected = await adminContent({ search: word });
    const page = await site.newPage();
    await openAsAdmin(page, '/admin/content', 'Manage Content');
    await page.getByText(`Total: ${everything.total}`).waitFor();

    await page.getByPlaceholder('Search by title or overview...').fill(word);

    await page.getByText(`Total: ${expected.total}`).waitFor();
    expect(expected.total).toBeLessThan(everything.total!);
    await expect.poll(() => shownTitles(page)).toEqual(expected.items.map((item) => item.title));
  });

  it('filters by release date range, and sorts alphabetically, as the API does', async () => {
    const expected = await adminContent({ dateFrom: '2010-01-01', dateTo: '2014-12-31', sortBy: 'title' });
    const everything = await adminContent();
    expect(expected.total).toBeLessThan(everything.total!);
    const page = await site.newPage();
    await openAsAdmin(page, '/admin/content', 'Manage Content');
    await page.getByText(`Total: ${everything.total}`).waitFor();

    await page.getByLabel('Release Date from').fill('2010-01-01');
    await page.getByLabel('Release Date to').fill('2014-12-31');
    await page.getByLabel('Sort By').selectOption({ label: 'Alphabetical' });

    await page.getByText(`Total: ${expected.total}`).waitFor();
    await expect.poll(() => shownTitles(page)).toEqual(expected.items.map((item) => item.title));
  });

  it('shows a refused change in red under the table and leaves the row as it was', async () => {
    const { items } = await adminContent();
    const target = items.find((item) => !item.hidden)!;
    const page = await site.newPage();
    await page.route('**/api/admin/content/movie/*/hidden', (route) =>
      route.fulfill({ status: 404, json: { message: 'Movie not found' } }),
    );
    await openAsAdmin(page, '/admin/content', 'Manage Content');
    const row = rowOf(page, target.title!);

    await row.getByRole('button', { name: 'Hide' }).click();

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Movie not found');
    const color = await alert.evaluate(
      (node) => (globalThis as unknown as BrowserStyles).getComputedStyle(node).color,
    );
    const [red = 0, green = 0, blue = 0] = color.match(/\d+/g)?.map(Number) ?? [];
    expect(red, `${color} is red`).toBeGreaterThan(Math.max(green, blue) + 80);
    expect(await row.getByRole('button', { name: 'Hide' }).isEnabled()).toBe(true);
    expect(await row.getByText('Visible', { exact: true }).count()).toBe(1);
  });

  it('hides a title from the public site and brings it back', async () => {
    const { items } = await adminContent();
    const target = items.find((item) => !item.hidden)!;
    const page = await site.newPage();
    await openAsAdmin(page, '/admin/content', 'Manage Content');
    const row = rowOf(page, target.title!);
    await row.getByText('Visible', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Hide' }).click();

    await row.getByText('Hidden', { exact: true }).waitFor();
    expect((await callApi(site.url, 'GET', `/movies/${target.id}`)).status).toBe(404);

    await row.getByRole('button', { name: 'Unhide' }).click();

    await row.getByText('Visible', { exact: true }).waitFor();
    expect((await callApi(site.url, 'GET', `/movies/${target.id}`)).status).toBe(200);
  });

  it('deletes a title only after the admin confirms', async () => {
    const before = await adminContent();
    const target = before.items[1]!;
    const page = await site.newPage();
    await openAsAdmin(page, '/admin/content', 'Manage Content');
    const row = rowOf(page, target.title!);
    await row.waitFor();
    const questions = await deleteAfterConfirming(page, row, 'Delete');
    expect(questions).toEqual([
      'Are you sure you want to delete this item? This cannot be undone.',
      'Are you sure you want to delete this item? This cannot be undone.',
    ]);
    await page.getByText(`Total: ${before.total! - 1}`).waitFor();
    expect((await callApi(site.url, 'GET', `/movies/${target.id}`)).status).toBe(404);
    expect((await adminContent()).total).toBe(before.total! - 1);
  });

  it('shows TV shows by name when the type is switched', async () => {
    const expected = await adminContent({ type: 'tv' });
    expect(expected.items.length).toBeGreaterThan(0);
    const page = await site.newPage();
    await openAsAdmin(page, '/admin/content', 'Manage Content');
    await page.getByText('Release Date', { exact: true }).waitFor();

    await page.getByLabel('Type').selectOption({ label: 'TV Shows' });

    await page.getByRole('columnheader', { name: 'Name' }).waitFor();
    await page.getByText('First Air Date', { exact: true }).waitFor();
    await page.getByPlaceholder('Search by name or overview...').waitFor();
    await expect.poll(() => shownTitles(page)).toEqual(expected.items.map((item) => item.name));
    await page.getByText(`Total: ${expected.total}`).waitFor();
  });
});
