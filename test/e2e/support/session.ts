import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { sharedBrowser } from './browser.js';
import { QUIET_DOCUMENT, type RunningSite, startSite } from './site.js';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export interface SiteSession {
  /** The site's origin, e.g. `http://127.0.0.1:41234`; read it inside tests. */
  readonly url: string;
  /** The site's Redis, for tests that stage a state of the read models. */
  readonly redisUrl: string;
  /** A page of its own for the test, as a new browser context gives it (see `watchedPages`). */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
}

/**
 * One real site for the calling test file, and pages in the browser the files share. Every test
 * gets clean pages, and a test fails if the app threw an uncaught error, or the
 * Content-Security-Policy blocked something, while it ran. `settings`: environment variables of
 * the site, read as it starts.
 */
export function useSiteSession(settings: () => Record<string, string> = () => ({})): SiteSession {
  let site: RunningSite | undefined;
  let browser: Browser | undefined;
  const pages = watchedPages();

  let mark = 0;

  beforeAll(async () => {
    site = await startSite(settings());
    browser = await sharedBrowser();
  });

  beforeEach(() => {
    mark = site?.outputMark() ?? 0;
  });

  // A failed test also says where its pages were and what the site printed while it ran (a second
  // error of the test): one that timed out on a slow machine otherwise says only that it did.
  afterEach(async ({ task }) => {
    const failed = task.result?.state === 'fail';
    const addresses = failed ? pages.addresses() : [];
    await pages.release({ failed });
    if (failed) throw whileItRan(addresses, site?.outputSince(mark) ?? '');
  });

  afterAll(async () => {
    await pages.closeAll();
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

/** The last lines of what a site printed that a failed test's report shows. */
const OUTPUT_LINES = 40;

/** What a failed test left: where its pages were, and the end of what the site printed meanwhile. */
function whileItRan(addresses: string[], output: string): Error {
  const lines = output.split('\n').filter(Boolean);
  const shown = lines.slice(-OUTPUT_LINES);
  const printed =
    lines.length === 0
      ? 'nothing'
      : `${lines.length} lines${lines.length > shown.length ? ', the last' : ''}:\n${shown.join('\n')}`;
  const error = new Error(
    `while it ran: its pages were at ${addresses.join(', ') || 'none'}; the site printed ${printed}`,
  );
  error.stack = error.message; // where it was thrown from says nothing
  return error;
}

export interface WatchedPages {
  /** A page with no storage, cookies, cache or history of an earlier test (see `watchedPages`). */
  open(browser: Browser, viewport: { width: number; height: number }): Promise<Page>;
  /** Where the test's pages are. */
  addresses(): string[];
  /**
   * Ends the test's pages: fails if any had an error; clears the ones that can serve the next test
   * and closes the rest. A failed test's pages are all closed: one that timed out goes on running,
   * and must not drive a page the next test is given. `closeAll` also closes the ones kept (the
   * file's end).
   */
  release(test?: { failed: boolean }): Promise<void>;
  closeAll(): Promise<void>;
}

/** What a test may do to a page that a later test would inherit: such a page is not used again. */
const LASTING_CHANGES = new Set<string | symbol>([
  'addInitScript',
  // (A test's routes, by `route`, are taken off when its page is kept.)
  'routeFromHAR',
  'routeWebSocket',
  'setExtraHTTPHeaders',
  'exposeFunction',
  'exposeBinding',
  'emulateMedia',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
  // The clock is the context's, installed in every document from then on.
  'clock',
  'context',
]);

/** The page's events a test may listen to; its listeners are taken off when the page is kept. */
const PAGE_EVENTS = [
  'close',
  'console',
  'crash',
  'dialog',
  'domcontentloaded',
  'download',
  'filechooser',
  'frameattached',
  'framedetached',
  'framenavigated',
  'load',
  'pageerror',
  'popup',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
  'websocket',
  'worker',
] as const;

interface KeptPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Our own listeners (errors), kept when a test's listeners are taken off. */
  readonly own: ReadonlyMap<string, (...args: never[]) => void>;
  lasting: boolean;
}

/**
 * Pages watched for what makes a page not work as built: an uncaught error of the app, or
 * something the Content-Security-Policy blocked. A test's pages are released after it, which fails
 * the test if there was any.
 *
 * A page is used again by the next test when the test changed nothing about it that lasts beyond
 * its documents (no init script, header, clock or context of its own: see LASTING_CHANGES): its
 * routes and listeners are taken off, it is left on the site's QUIET_DOCUMENT, and its site's
 * storage, cookies and history are cleared, which is what a new browser context gives. The HTTP
 * cache is kept: the API's answers are never stored and the app's files are named by their
 * content. Starting a browser context and its renderer costs about three times the processor time
 * of the page load itself on a two-core machine, and most tests open one or two pages.
 */
export function watchedPages(): WatchedPages {
  const free: KeptPage[] = [];
  let inUse: KeptPage[] = [];
  let pageErrors: string[] = [];

  async function fresh(browser: Browser, viewport: { width: number; height: number }): Promise<KeptPage> {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const onError = (error: Error) => pageErrors.push(error.message);
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
        pageErrors.push(message.text());
      }
    };
    page.on('pageerror', onError);
    page.on('console', onConsole);
    return {
      page,
      context,
      own: new Map<string, (...args: never[]) => void>([
        ['pageerror', onError],
        ['console', onConsole],
      ]),
      lasting: false,
    };
  }

  /** The page as the test sees it: any call in LASTING_CHANGES marks it as not to be used again. */
  function handOut(kept: KeptPage): Page {
    return new Proxy(kept.page, {
      get(target, property, receiver) {
        if (LASTING_CHANGES.has(property)) kept.lasting = true;
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  /** Leaves a page as a new context would give it; false when it cannot be (then it is closed). */
  async function clear(kept: KeptPage): Promise<boolean> {
    const { page, context } = kept;
    if (kept.lasting || page.isClosed() || context.pages().length !== 1) return false;
    for (const event of PAGE_EVENTS) page.removeAllListeners(event);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    for (const [event, listener] of kept.own) page.on(event as 'close', listener as () => void);
    const cdp = await context.newCDPSession(page);
    try {
      const { origin } = new URL(page.url());
      if (origin !== 'null') {
        // The test's app ends here (its last beacons go now); then the storage it leaves is cleared.
        await page.goto(`${origin}${QUIET_DOCUMENT}`);
        await page.evaluate(() => {
          const web = globalThis as unknown as Record<'localStorage' | 'sessionStorage', { clear(): void }>;
          web.localStorage.clear();
          web.sessionStorage.clear();
        });
        await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      }
      await cdp.send('Network.clearBrowserCookies');
      // A new page's history holds only the page it is on.
      await cdp.send('Page.resetNavigationHistory');
      await page.mouse.move(0, 0);
      return true;
    } catch {
      // A page that cannot be cleared (it crashed, or its context went) is not used again.
      return false;
    } finally {
      await cdp.detach().catch(() => undefined);
    }
  }

  return {
    async open(browser, viewport) {
      const kept = free.pop() ?? (await fresh(browser, viewport));
      inUse.push(kept);
      await kept.page.setViewportSize(viewport);
      return handOut(kept);
    },
    addresses() {
      return inUse.filter((kept) => !kept.page.isClosed()).map((kept) => kept.page.url());
    },
    async release(test = { failed: false }) {
      const ended = inUse;
      inUse = [];
      for (const kept of ended) {
        if (!test.failed && (await clear(kept))) free.push(kept);
        else await kept.context.close();
      }
      const errors = pageErrors;
      pageErrors = [];
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    async closeAll() {
      await Promise.all([...inUse, ...free.splice(0)].map((kept) => kept.context.close()));
      inUse = [];
      pageErrors = [];
    },
  };
}
