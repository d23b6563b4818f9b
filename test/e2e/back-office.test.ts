import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, callApi, signIn } from './support/accounts.js';
import { adminToken, importSampleMovies, SAMPLE_MOVIES_CSV } from './support/catalogue.js';
import { useSiteSession } from './support/session.js';

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
  await signIn(page, site.url, ADMIN);
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
