import type { Movie } from '@cinefold/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/accounts.js';
import { importSampleMovies } from './support/catalogue.js';
import { useSiteSession } from './support/session.js';

const site = useSiteSession();
let first: Movie;

beforeAll(async () => {
  await importSampleMovies(site.url, 40);
  const answer = await callApi(site.url, 'GET', '/movies/trending/now');
  first = (answer.body as Movie[])[0]!;
});

/** The little of the DOM the head check reads (the test project compiles without the DOM library). */
interface HeadElement {
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
}
interface BrowserDocument {
  readonly title: string;
  querySelectorAll(selector: string): ArrayLike<HeadElement> & Iterable<HeadElement>;
}

/** What the page's head holds once the app has run: JSON-LD types, canonicals, server tags, title. */
function headOf(page: Page) {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: BrowserDocument }).document;
    return {
      jsonLdTypes: [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => (JSON.parse(script.textContent ?? '{}') as { '@type': string })['@type'],
      ),
      canonicals: [...doc.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute('href')),
      descriptions: doc.querySelectorAll('meta[name="description"]').length,
      titles: doc.querySelectorAll('title').length,
      serverTags: doc.querySelectorAll('[data-server]').length,
      title: doc.title,
    };
  });
}

describe('the head after the app has started', () => {
  it('the home page still renders, with one WebSite, one Organization and one canonical', async () => {
    const served = await (await fetch(site.url)).text();
    expect(served).toContain('"@type":"WebSite"');
    // The first screen the server wrote names the hero's movie too, until the app shows it.
    expect(served).toContain('<div id="first-screen" aria-hidden="true">');

    const page = await site.newPage();
    await page.goto(site.url);
    await expect.poll(() => page.locator('#home-hero-title').textContent()).toBe(first.title);
    await expect.poll(() => page.locator('#first-screen').count()).toBe(0);
    const head = await headOf(page);
    expect(head.serverTags).toBe(0);
    expect(head.jsonLdTypes.sort()).toEqual(['Organization', 'WebSite']);
    expect(head.canonicals).toEqual([`${site.url}/`]);
    expect(head.titles).toBe(1);
    expect(head.descriptions).toBe(1);
    expect(head.title).toBe('Cinefold · Stream and discover movies and TV shows, free.');
  });

  it("a movie's page keeps the title the server wrote, with one Movie block", async () => {
    const served = await (await fetch(`${site.url}/movies/${first.id}`)).text();
    const serverTitle = /<title data-server>([^<]*)<\/title>/.exec(served)?.[1];

    const page = await site.newPage();
    await page.goto(`${site.url}/movies/${first.id}`);
    await page.getByRole('heading', { name: first.title, level: 1 }).waitFor();
    const head = await headOf(page);
    expect(head.jsonLdTypes).toEqual(['Movie']);
    expect(head.canonicals).toEqual([`${site.url}/movies/${first.id}`]);
    expect(head.titles).toBe(1);
    expect(head.title).toBe(serverTitle?.replace(/&#39;/g, "'").replace(/&amp;/g, '&'));
  });

  it('a landing page names its first 10 movies in one ItemList', async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/trending-movies`);
    await page.locator(`main a[href="/movies/${first.id}"]`).first().waitFor();
    const head = await headOf(page);
    expect(head.jsonLdTypes).toEqual(['ItemList']);
    expect(head.title).toBe('Trending Movies · Stream free · Cinefold');
  });
});

describe('the web app', () => {
  it('has a manifest with the theme colour, and a favicon', async () => {
    const manifest = await fetch(`${site.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(await manifest.json()).toMatchObject({ name: 'Cinefold', theme_color: '#09080a' });
    expect((await fetch(`${site.url}/favicon.svg`)).status).toBe(200);
    const html = await (await fetch(site.url)).text();
    expect(html).toContain('<meta name="theme-color" content="#09080a"');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  });
});

describe('the first paint', () => {
  /** When the page painted first, and when each of its scripts was asked for (ms since navigation). */
  function paintAndScripts(page: Page) {
    return page.evaluate(() => {
      interface Entry {
        readonly name: string;
        readonly startTime: number;
      }
      const timing = (
        globalThis as unknown as {
          performance: { getEntriesByName(name: string): Entry[]; getEntriesByType(type: string): Entry[] };
        }
      ).performance;
      const paint = timing.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      const scripts = timing
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[\w-]+\.js$/.test(entry.name))
        .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime }));
      return { paint, scripts };
    });
  }

  it("shows the server's words before the app's code is even asked for", async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/movies/${first.id}`);
    await page.getByRole('heading', { name: first.title, level: 1 }).waitFor();
    const { paint, scripts } = await paintAndScripts(page);
    expect(paint).not.toBeNull();
    const app = scripts.filter((script) => !/^\/assets\/index-/.test(script.name));
    expect(app.map((script) => script.name)).toContainEqual(expect.stringMatching(/^\/assets\/start-/));
    for (const script of app) expect(script.start, script.name).toBeGreaterThanOrEqual(paint!);
  });

  it('breaks no rule of the Content-Security-Policy while a title page loads and renders', async () => {
    const page = await site.newPage();
    await page.addInitScript(() => {
      const global = globalThis as unknown as {
        violations: string[];
        addEventListener(type: string, listener: (event: { violatedDirective: string }) => void): void;
      };
      global.violations = [];
      global.addEventListener('securitypolicyviolation', (event) =>
        global.violations.push(event.violatedDirective),
      );
    });
    await page.goto(`${site.url}/movies/${first.id}`);
    await page.getByRole('heading', { name: first.title, level: 1 }).waitFor();
    await page.goto(`${site.url}/movies?search=a`);
    await page.getByRole('heading', { name: 'Movies', level: 1 }).waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as { violations: string[] }).violations)).toEqual(
      [],
    );
  });

  it('starts the app on a page the server writes no first screen for', async () => {
    const served = await (await fetch(`${site.url}/no-such-page`)).text();
    expect(served).not.toContain('id="first-screen"');
    const page = await site.newPage();
    await page.goto(`${site.url}/no-such-page`);
    await page.getByRole('heading', { name: /not found/i }).waitFor();
  });
});
