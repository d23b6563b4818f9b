/**
 * Lighthouse (mobile, its default: a mid-range phone on a slow 4G link, simulated) on the pages a
 * new visitor lands on, served by `cinefold all` on the built frontend with the sample catalogue
 * imported. Four scores per page: performance, accessibility, best practices, SEO.
 *
 *   npm run bench -- lighthouse [path…]        (default: / /movies /movies/27205 /help-center)
 *
 * Needs the built frontend (`npm run build -w frontend`) and Debian's Chromium (CHROME_PATH,
 * default /usr/bin/chromium). Chromium runs headless, without its sandbox when run as root.
 * BENCH_LIGHTHOUSE_SERVE=1 starts the site as measured (ads, stand-ins) and keeps it up, printing its
 * address and Chromium's flags, for a profiler. BENCH_VERBOSE=1 lists each page's audits under 90;
 * BENCH_LIGHTHOUSE_DIR=<dir> keeps the reports and the pages' traces (open them in DevTools'
 * performance panel).
 *
 * The posters and backdrops come from TMDB's image host, which a machine without the internet
 * cannot reach: Chrome would log every one as a failed request, which Lighthouse scores against
 * best practices although the site is not at fault. Chromium is therefore told that image.tmdb.org
 * is a local stand-in (HTTPS with a certificate made for the run) that answers every image with a
 * drawing of the image's size, as TMDB answers with a picture.
 *
 * Every slot of the pages has an ad, as a site that sells its slots has: image ads of the slots'
 * standard sizes (728×90, 300×250, 970×250) from a stand-in ad host (ads.cinefold.test, served by
 * the same local server), two in the home hero so it rotates, and a network ad in the middle of the
 * home page. `BENCH_LIGHTHOUSE_ADS=0` leaves the slots empty.
 */
import { existsSync, openAsBlob, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { datasetUploadForm } from '@cinefold/contracts';
import { freePort } from '@cinefold/platform';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { generate } from 'selfsigned';
import { root, runService, stop, waitForHttp } from './processes.js';
import { ADMIN, adminToken } from './services.js';
import type { Row } from './table.js';
import { tempDir } from './temp.js';

const PAGES = ['/', '/movies', '/movies/27205', '/help-center'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const SAMPLE = join(root, '../shared/data/tmdb-movies-2631.csv');

async function importSample(base: string): Promise<void> {
  const response = await fetch(`${base}/api/admin/datasets/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken(base)}` },
    body: datasetUploadForm(await openAsBlob(SAMPLE), 'movies.csv', { type: 'movie' }),
  });
  if (response.status !== 200) throw new Error(`importing the sample answered ${response.status}`);
}

const IMAGE_HOST = 'image.tmdb.org';
const AD_HOST = 'ads.cinefold.test';

/** The ads the run puts in the slots of the pages it measures. */
function benchAds(): Record<string, unknown>[] {
  const image = (position: string, size: string, title: string) => ({
    title,
    description: 'A stand-in creative of a standard size',
    type: 'image',
    imageUrl: `https://${AD_HOST}/ads/${size}.svg`,
    linkUrl: 'https://shop.example/',
    position,
    active: true,
  });
  return [
    image('home-hero', '728x90', 'Hero leaderboard'),
    image('home-hero', '320x50', 'Hero phone banner'),
    image('movies-top', '728x90', 'Movies leaderboard'),
    image('details-top', '728x90', 'Details leaderboard'),
    image('details-sidebar', '300x250', 'Details rectangle'),
    image('details-bottom', '728x90', 'Details bottom leaderboard'),
    image('global-bottom', '970x250', 'Bottom billboard'),
    {
      title: 'Network rectangle',
      description: '',
      type: 'network',
      provider: 'custom',
      embedCode: '<div style="width:300px;height:250px;background:#1d4ed8"></div>',
      position: 'home-mid',
      active: true,
    },
  ];
}

async function createBenchAds(base: string): Promise<void> {
  const token = await adminToken(base);
  for (const ad of benchAds()) {
    const response = await fetch(`${base}/api/admin/ads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(ad),
    });
    if (response.status !== 201) throw new Error(`creating a bench ad answered ${response.status}`);
  }
}

/** An ad creative of the size in its address (`/ads/728x90.svg`), a few kB as a banner is. */
function standInAd(path: string): string {
  const [, width = '300', height = '250'] = /\/ads\/(\d+)x(\d+)\.svg$/.exec(path) ?? [];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#1d4ed8"/></svg>`;
}

/**
 * A drawing as wide as TMDB's size in the address (`/t/p/w500/…`): 2:3 for posters, 16:9 beyond,
 * padded to about the bytes of TMDB's JPEG of that size (0.2 bytes a pixel), so the simulated
 * slow link takes as long over it as over the real picture.
 */
function standInImage(path: string): string {
  const width = Number(/\/w(\d+)\//.exec(path)?.[1] ?? 500);
  const height = Math.round(width >= 780 ? (width * 9) / 16 : (width * 3) / 2);
  const drawing = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#2a2024"/>`;
  const padding = Math.max(0, Math.round(width * height * 0.2) - drawing.length - 20);
  // Random-looking filler, so the server's and the link's compression cannot shrink it away.
  const filler = Array.from({ length: Math.ceil(padding / 8) }, (_, index) =>
    ((index * 2654435761) >>> 0).toString(36).padStart(8, '0'),
  ).join('');
  return `${drawing}<!--${filler.slice(0, padding)}--></svg>`;
}

/** The local stand-in for TMDB's image host; its port is what Chromium resolves the host to. */
async function startImageHost(): Promise<Server> {
  const pems = await generate([{ name: 'commonName', value: IMAGE_HOST }], {
    keySize: 2048,
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: IMAGE_HOST },
          { type: 2, value: AD_HOST },
        ],
      },
    ],
  });
  const server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    response.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=31536000' });
    const path = request.url ?? '/';
    response.end(request.headers.host?.startsWith(AD_HOST) ? standInAd(path) : standInImage(path));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
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
  const images = await startImageHost();
  const chromeFlags = [
    '--headless=new',
    '--disable-gpu',
    '--no-first-run',
    `--host-resolver-rules=MAP ${IMAGE_HOST} 127.0.0.1:${(images.address() as AddressInfo).port}, MAP ${AD_HOST} 127.0.0.1:${(images.address() as AddressInfo).port}`,
    // The stand-in's certificate is made for the run; no other host is reached over HTTPS.
    '--ignore-certificate-errors',
  ];
  if (process.getuid?.() === 0) chromeFlags.push('--no-sandbox');
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitForHttp(`${base}/api/health`);
    if (existsSync(SAMPLE)) await importSample(base);
    if (process.env.BENCH_LIGHTHOUSE_ADS !== '0') await createBenchAds(base);
    if (process.env.BENCH_LIGHTHOUSE_SERVE) {
      // The measured site, ads and stand-ins included, kept up for a profiler in a browser.
      process.stdout.write(`${JSON.stringify({ serving: base, chromiumFlags: chromeFlags })}\n`);
      await new Promise(() => undefined);
    }
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
        // The page's trace beside it, for DevTools' performance panel: where the blocking time went.
        const trace = (result.artifacts as { Trace?: unknown }).Trace;
        if (trace)
          writeFileSync(join(process.env.BENCH_LIGHTHOUSE_DIR, `${name}.trace.json`), JSON.stringify(trace));
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
    images.close();
    await stop(site);
    dir.remove();
  }
}
