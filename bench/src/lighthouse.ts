/**
 * Lighthouse (mobile, its default: a mid-range phone on a slow 4G link, simulated) on the pages a
 * new visitor lands on, served by `cinefold all` on the built frontend with the sample catalogue
 * imported. Four scores per page: performance, accessibility, best practices, SEO.
 *
 *   npm run bench -- lighthouse [path…]        (default: / /movies /movies/27205 /help-center)
 *
 * Needs the built frontend (`npm run build -w frontend`) and Debian's Chromium (CHROME_PATH,
 * default /usr/bin/chromium). Chromium runs headless, without its sandbox when run as root.
 * BENCH_VERBOSE=1 lists each page's audits under 90; BENCH_LIGHTHOUSE_DIR=<dir> keeps the reports.
 */
import { existsSync, openAsBlob, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@cinefold/platform';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { root, runService, stop, waitForHttp } from './processes.js';
import { ADMIN, adminToken } from './services.js';
import type { Row } from './table.js';
import { tempDir } from './temp.js';

const PAGES = ['/', '/movies', '/movies/27205', '/help-center'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const SAMPLE = join(root, '../shared/data/tmdb-movies-2631.csv');

async function importSample(base: string): Promise<void> {
  const form = new FormData();
  form.append('type', 'movie');
  form.append('mode', 'append');
  form.append('file', await openAsBlob(SAMPLE), 'movies.csv');
  const response = await fetch(`${base}/api/admin/datasets/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken(base)}` },
    body: form,
  });
  if (response.status !== 200) throw new Error(`importing the sample answered ${response.status}`);
}

export async function benchLighthouse(args: string[]): Promise<Row[]> {
  if (!existsSync(join(root, 'frontend/dist/index.html'))) {
    throw new Error('the frontend is not built: run `npm run build -w frontend` first');
  }
  const pages = args.length > 0 ? args : PAGES;
  const dir = tempDir('bench-lighthouse');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const site = runService('all', {
    PORT: String(port),
    DATA_DIR: dir.path,
    REDIS_URL: '',
    SEED_DEMO: '0',
    ...ADMIN,
  });
  const chromeFlags = ['--headless=new', '--disable-gpu', '--no-first-run'];
  if (process.getuid?.() === 0) chromeFlags.push('--no-sandbox');
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitForHttp(`${base}/api/health`);
    if (existsSync(SAMPLE)) await importSample(base);
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags,
    });
    const rows: Row[] = [];
    for (const path of pages) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      const report = result?.lhr;
      if (!report) throw new Error(`Lighthouse gave no report for ${path}`);
      // A run that could not measure (no paint, a page error) scores 0: say why instead.
      if (report.runtimeError)
        process.stderr.write(`${path}: ${report.runtimeError.code} ${report.runtimeError.message}\n`);
      if (process.env.BENCH_LIGHTHOUSE_DIR) {
        const name = path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
        writeFileSync(join(process.env.BENCH_LIGHTHOUSE_DIR, `${name}.json`), JSON.stringify(report));
      }
      const failed = Object.values(report.audits)
        .filter(
          (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
        )
        .map((audit) => audit.id);
      for (const category of CATEGORIES) {
        const score = report.categories[category]?.score;
        rows.push({
          measure: `${path} ${category}`,
          value: Math.round((score ?? 0) * 100),
          unit: '/ 100',
          target: category === 'performance' ? '>= 90' : '100',
        });
      }
      const lcp = report.audits['largest-contentful-paint']?.numericValue;
      if (lcp !== undefined)
        rows.push({ measure: `${path} largest contentful paint`, value: lcp / 1000, unit: 's' });
      if (process.env.BENCH_VERBOSE) process.stderr.write(`${path}: audits under 90: ${failed.join(', ')}\n`);
    }
    return rows;
  } finally {
    await chrome?.kill();
    await stop(site);
    dir.remove();
  }
}
