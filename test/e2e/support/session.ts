import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser } from './browser.js';
import { type RunningSite, startSite } from './site.js';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export interface SiteSession {
  /** The site's origin, e.g. `http://127.0.0.1:41234`; read it inside tests. */
  readonly url: string;
  /** The site's Redis, for tests that stage a state of the read models. */
  readonly redisUrl: string;
  /** A page in a fresh browser context (its own storage), closed after the test. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
}

/**
 * One real site and one browser for the calling test file. Every test gets clean pages, and a
 * test fails if the app threw an uncaught error, or the Content-Security-Policy blocked
 * something, while it ran. `settings`: environment variables of the site, read as it starts.
 */
export function useSiteSession(settings: () => Record<string, string> = () => ({})): SiteSession {
  let site: RunningSite | undefined;
  let browser: Browser | undefined;
  const pages = watchedPages();

  beforeAll(async () => {
    site = await startSite(settings());
    browser = await launchBrowser();
  });

  afterEach(() => pages.closeAll());

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  return {
    get url() {
      if (!site) throw new Error('useSiteSession: the site starts in beforeAll');
      return site.url;
    },
    get redisUrl() {
      if (!site) throw new Error('useSiteSession: the site starts in beforeAll');
      return site.redisUrl;
    },
    newPage(viewport = DESKTOP) {
      if (!browser) throw new Error('useSiteSession: the browser starts in beforeAll');
      return pages.open(browser, viewport);
    },
  };
}

export interface WatchedPages {
  /** A page in a fresh browser context (its own storage). */
  open(browser: Browser, viewport: { width: number; height: number }): Promise<Page>;
  /** Closes every page opened since the last call; fails if any had an error (see `watchedPages`). */
  closeAll(): Promise<void>;
}

/**
 * Pages watched for what makes a page not work as built: an uncaught error of the app, or
 * something the Content-Security-Policy blocked. A test's pages are closed after it (`closeAll`),
 * which fails the test if there was any.
 */
export function watchedPages(): WatchedPages {
  let contexts: BrowserContext[] = [];
  let pageErrors: string[] = [];
  return {
    async open(browser, viewport) {
      const context = await browser.newContext({ viewport });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          pageErrors.push(message.text());
        }
      });
      return page;
    },
    async closeAll() {
      await Promise.all(contexts.map((context) => context.close()));
      contexts = [];
      const errors = pageErrors;
      pageErrors = [];
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
  };
}
