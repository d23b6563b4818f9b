import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, ADMIN, newAccount, registerByApi, signInByApi } from './support/accounts.js';
import { sharedBrowser } from './support/browser.js';
import { generatedTvCsv, importCsv, importSampleMovies } from './support/catalogue.js';
import { DESKTOP } from './support/session.js';
import { type RunningSite, startSite } from './support/site.js';
import { seriousViolations } from './support/axe.js';

/**
 * How a route changes with who is signed in, which decides whom it is checked as:
 * - `signed in`: the page itself changes: the cards' "not interested" (the home page, the
 *   listings, and the landing pages, which are all one page, `movie-landing.tsx`), a title's own
 *   buttons, the profile. The home page also stands for the header's account menu, which is on
 *   every page. Checked as a guest, a member and an admin.
 * - `public`: a member or an admin sees what a guest does, but for the header: checked signed out.
 * - `back office`: checked signed out (sent to sign in) and as the admin it is for.
 */
type Kind = 'signed in' | 'public' | 'back office';

/** Every route of the spec's section 2 (one of each kind where many share a page). */
const ROUTES: readonly (readonly [route: string, kind: Kind])[] = [
  ['/', 'signed in'],
  ['/movies', 'signed in'],
  ['/movies/27205', 'signed in'],
  ['/tv-shows', 'signed in'],
  ['/tv-shows/{tv}', 'signed in'],
  ['/action-movies', 'signed in'],
  ['/top-100-movies', 'public'],
  ['/top-rated-movies', 'public'],
  ['/trending-movies', 'public'],
  ['/movies-2024', 'public'],
  ['/marvel-movies', 'public'],
  ['/login', 'public'],
  ['/register', 'public'],
  ['/forgot-password', 'public'],
  ['/reset-password', 'public'],
  ['/confirm-email', 'public'],
  ['/help-center', 'public'],
  ['/terms', 'public'],
  ['/privacy', 'public'],
  ['/contact', 'public'],
  ['/profile', 'signed in'],
  ['/admin', 'back office'],
  ['/admin/users', 'back office'],
  ['/admin/ads', 'back office'],
  ['/admin/datasets', 'back office'],
  ['/admin/content', 'back office'],
];
const routesOf = (...kinds: Kind[]) =>
  ROUTES.filter(([, kind]) => kinds.includes(kind)).map(([route]) => route);

const AS = { 'signed out': null, 'a member': newAccount('Ada Member'), 'an admin': ADMIN } as const;

/** The routes checked as each: a member sent away from the back office is checked at one address. */
const CHECKED: Record<keyof typeof AS, string[]> = {
  'signed out': routesOf('signed in', 'public', 'back office'),
  'a member': [...routesOf('signed in'), '/admin'],
  'an admin': routesOf('signed in', 'back office'),
};

let site: RunningSite;
let browser: Browser;
let tvId = 0;

beforeAll(async () => {
  site = await startSite();
  browser = await sharedBrowser();
  await importSampleMovies(site.url, 100);
  const tv = await importCsv(site.url, generatedTvCsv(10), { type: 'tv' });
  expect(tv.status).toBe(200);
  const shows = await fetch(`${site.url}/api/tvshows?limit=1`).then(
    (r) => r.json() as Promise<{ tvShows: { id: number }[] }>,
  );
  tvId = shows.tvShows[0]!.id;
  await registerByApi(site.url, AS['a member']);
}, 120_000);

afterAll(async () => {
  await site?.stop();
});

// Each role's pages are checked two at a time (one a core), in a browser context of the role's
// with two pages that go from route to route: a check mostly waits for the page to settle, and axe
// runs in the page's own renderer, so two at once use both cores, and a page used again costs the
// processor far less than a new one (see support/session.ts).
const PAGES_AT_ONCE = 2;

describe.each(Object.entries(AS))('the routes, %s', (who, account: Account | null) => {
  let context: BrowserContext;
  const idle: Page[] = [];
  const waiting: ((page: Page) => void)[] = [];
  const take = (): Promise<Page> =>
    idle.length > 0 ? Promise.resolve(idle.pop()!) : new Promise((resolve) => waiting.push(resolve));
  const give = (page: Page) => {
    const next = waiting.shift();
    if (next) next(page);
    else idle.push(page);
  };

  beforeAll(async () => {
    context = await browser.newContext({ viewport: DESKTOP });
    for (let i = 0; i < PAGES_AT_ONCE; i++) idle.push(await context.newPage());
    if (account) await signInByApi(idle[0]!, site.url, account);
  }, 60_000);
  afterAll(async () => {
    await context?.close();
  });

  // A hundred cards (the top-100 page) take axe a while on a busy machine.
  it.concurrent.each(CHECKED[who as keyof typeof AS])(
    '%s has no serious or critical accessibility problem',
    async (route) => {
      const page = await take();
      try {
        await page.goto(`${site.url}${route.replace('{tv}', String(tvId))}`);
        // The dashboard keeps a live stream open, so the network is never idle there: it has
        // loaded once the spinner has made way for its figures.
        if (route === '/admin' && account === ADMIN) await page.getByText('Total Users').first().waitFor();
        else await page.waitForLoadState('networkidle');
        await page.locator('main').first().waitFor();
        // A page the visitor is sent on from (a guest at a back-office address) is checked where
        // it lands, once the app has named it.
        await page.waitForFunction(
          () => (globalThis as unknown as { document: { title: string } }).document.title !== '',
        );
        expect((await seriousViolations(page)).join('\n')).toBe('');
      } finally {
        give(page);
      }
    },
    120_000,
  );
});

describe('the accessibility check', () => {
  it('finds a serious problem when a page has one (an image without a text alternative)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await page.goto(`${site.url}/terms`);
      await page.locator('main').first().waitFor();
      await page.evaluate(() => {
        const doc = (
          globalThis as unknown as {
            document: { querySelector(s: string): { insertAdjacentHTML(p: string, h: string): void } };
          }
        ).document;
        doc.querySelector('main').insertAdjacentHTML('beforeend', '<img src="/favicon.svg">');
      });
      expect((await seriousViolations(page)).join('\n')).toMatch(/^image-alt \(critical\)/m);
    } finally {
      await context.close();
    }
  });
});
