import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdImageHost, createAd, imageAd, startAdImageHost } from './support/ads.js';
import { adminToken, importSampleMovies } from './support/catalogue.js';
import { keepSession } from './support/accounts.js';
import { useSiteSession } from './support/session.js';
import { seriousViolations } from './support/axe.js';

/**
 * The layout on phones and desktops with ads in the slots, measured in the browser: where things
 * are (bounding boxes), what moved (layout-shift entries) and what is painted (pixels).
 */
const SMALL_PHONE = { width: 360, height: 640 } as const;
const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1366, height: 900 } as const;
const VIEWPORTS = { 'a 360×640 phone': SMALL_PHONE, 'a 390×844 phone': PHONE, 'a 1366×900 desktop': DESKTOP };

const site = useSiteSession();
let images: AdImageHost;
let token: string;
let movieId: number;

beforeAll(async () => {
  images = await startAdImageHost();
  token = await adminToken(site.url);
  await importSampleMovies(site.url, 60);
  const movies = (await fetch(`${site.url}/api/movies?limit=1`).then((r) => r.json())) as {
    movies: { id: number }[];
  };
  movieId = movies.movies[0]!.id;
  const ad = (fields: Record<string, unknown>) => createAd(site.url, token, imageAd(fields));
  // Two hero ads of different heights: the slot rotates between them every 8 seconds.
  await ad({ title: 'Leaderboard sale', imageUrl: `${images.url}/728x90.svg`, position: 'home-hero' });
  await ad({ title: 'Phone banner sale', imageUrl: `${images.url}/320x50.svg`, position: 'home-hero' });
  await ad({ title: 'Listing banner', imageUrl: `${images.url}/728x90.svg`, position: 'movies-top' });
  await ad({ title: 'Sidebar box', imageUrl: `${images.url}/300x250.svg`, position: 'details-sidebar' });
  await ad({ title: 'Bottom billboard', imageUrl: `${images.url}/970x250.svg`, position: 'global-bottom' });
  await ad({
    title: 'Gone creative',
    imageUrl: `${images.url}/taken-down.png`,
    position: 'action-movies-top',
  });
  await createAd(site.url, token, {
    title: 'Network rectangle',
    description: '',
    type: 'network',
    provider: 'custom',
    // A 300×250 unit on a transparent page, as networks' units are.
    embedCode: '<div style="width:300px;height:250px;background:#16a34a"></div>',
    position: 'home-mid',
    active: true,
  });
}, 120_000);

afterAll(async () => {
  await images?.close();
});

const slotOf = (page: Page, position: string) => page.locator(`section[data-ad-slot="${position}"]`);

/** Waits until the slot shows an ad (its creative, picture or fallback, in place). */
async function adShown(page: Page, position: string): Promise<Locator> {
  const slot = slotOf(page, position);
  await slot.locator('[data-ad-id]').waitFor();
  return slot;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('the element is not laid out');
  return { ...found, bottom: found.y + found.height, right: found.x + found.width };
}

/** Records every layout shift of the page from its first paint (see PerformanceObserver). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(`
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        window.__shifts.push({
          value: entry.value,
          nodes: (entry.sources || []).map((source) =>
            source.node ? (source.node.id || source.node.nodeName) + ' ' + (source.node.textContent || '').slice(0, 40) : '?',
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  `);
}

function layoutShifts(page: Page): Promise<{ value: number; nodes: string[] }[]> {
  return page.evaluate('window.__shifts');
}

/** Loads a page in which ads may move things; up to three times, see `heldUntilAnswered`. */
const LOAD_ATTEMPTS = 3;

/**
 * Opens `path` and waits with `settled` until the page and its slots are as they stay; again, up to
 * LOAD_ATTEMPTS times, while the page was shown before its slots' answers. The app holds a page
 * unseen until its slots answer, for at most a second and a half, and then shows it anyway, so its
 * ads move it when they come (by design: a page is not kept blank for a slow ad). A processor as
 * busy as the whole suite keeps it sometimes delays an answer that long; what these tests check is
 * that a page shown with its slots' answers does not move.
 */
async function heldUntilAnswered(page: Page, path: string, settled: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.goto(`${site.url}${path}`);
    await settled();
    if ((await page.locator('[data-ads-hold-expired]').count()) === 0) return;
    if (attempt === LOAD_ATTEMPTS) {
      throw new Error(`${path}: its ad slots did not answer while the page was held, ${attempt} times`);
    }
  }
}

/** The colour painted at a point of the viewport: a 1-pixel screenshot, decoded by the page. */
async function pixelAt(page: Page, x: number, y: number): Promise<number[]> {
  const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
  return page.evaluate(`(async () => {
    const image = new Image();
    image.src = 'data:image/png;base64,${png.toString('base64')}';
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
  })()`);
}

const isWhite = ([red = 0, green = 0, blue = 0]: number[]) => red > 200 && green > 200 && blue > 200;

/** Images that failed to load and show the browser's broken-image icon. */
function brokenImages(scope: Locator): Promise<number> {
  return scope
    .locator('img')
    .evaluateAll(
      (nodes) =>
        nodes.filter((node) => node.complete && node.naturalWidth === 0 && node.offsetWidth > 0).length,
    );
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.LAYOUT_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.LAYOUT_SCREENSHOTS}/${name}.png`, fullPage: false });
  }
}

describe('the home hero with an ad', () => {
  it.each(Object.entries(VIEWPORTS))('shows its title under the header on %s', async (name, viewport) => {
    const page = await site.newPage(viewport);
    await page.goto(`${site.url}/`);
    const slot = await adShown(page, 'home-hero');
    await screenshot(page, `hero-${viewport.width}x${viewport.height}`);

    const header = await box(page.getByRole('banner'));
    const title = await box(page.locator('#home-hero-title'));
    const hero = await box(page.locator('section[aria-labelledby="home-hero-title"]'));
    // The page is at its top: the title is there to read, below the fixed header, on screen.
    expect(title.y, name).toBeGreaterThanOrEqual(header.bottom);
    expect(title.bottom).toBeLessThanOrEqual(viewport.height);
    // The ad card is inside the hero, under the buttons, and the hero holds everything it shows.
    const card = await box(slot);
    expect(card.y).toBeGreaterThan(title.bottom);
    expect(card.bottom).toBeLessThanOrEqual(hero.bottom);
    expect(hero.y).toBeLessThanOrEqual(0);
  });
});

describe('ads and layout shift', () => {
  it.each(Object.entries(VIEWPORTS))(
    'the home page does not move as the hero’s ads load and rotate on %s',
    async (_name, viewport) => {
      const page = await site.newPage(viewport);
      await recordLayoutShifts(page);
      // The page's clock is the test's to move: the rotation's 8 seconds pass at once.
      await page.clock.install();
      await heldUntilAnswered(page, '/', () => adShown(page, 'home-hero'));
      const slot = slotOf(page, 'home-hero');
      const shownAd = () => slot.locator('[data-ad-id]').getAttribute('data-ad-id');
      const first = await shownAd();
      const before = { slot: await box(slot), title: await box(page.locator('#home-hero-title')) };

      // The next ad, of another height, comes 8 seconds later.
      await page.clock.fastForward(8000);
      await page.waitForFunction(
        (id) =>
          (
            globalThis as unknown as {
              document: { querySelector(s: string): { dataset: { adId?: string } } | null };
            }
          ).document.querySelector('section[data-ad-slot="home-hero"] [data-ad-id]')?.dataset.adId !== id,
        first,
        { timeout: 12_000 },
      );
      await page.waitForTimeout(500);
      const after = { slot: await box(slot), title: await box(page.locator('#home-hero-title')) };
      expect(after.slot.height).toBe(before.slot.height);
      expect(after.title.y).toBe(before.title.y);
      expect(JSON.stringify(await layoutShifts(page))).toBe('[]');
    },
    40_000,
  );

  it.each(Object.entries(VIEWPORTS))(
    'a listing does not move as its ad loads on %s',
    async (_name, viewport) => {
      const page = await site.newPage(viewport);
      await recordLayoutShifts(page);
      await heldUntilAnswered(page, '/movies', async () => {
        await adShown(page, 'movies-top');
        await page.locator('ul[aria-label="Movies"] li').first().waitFor();
        await slotOf(page, 'movies-top').locator('img').first().waitFor();
        await page.waitForTimeout(500);
      });
      expect(JSON.stringify(await layoutShifts(page))).toBe('[]');
    },
  );
  it('a page whose ad answer is late is shown after a second and a half, and says so', async () => {
    const page = await site.newPage(PHONE);
    let answer = () => {};
    const late = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/ads?*', async (route) => {
      await late;
      await route.continue();
    });
    await page.goto(`${site.url}/`);
    // Shown without its ads: the hold ran out, and the page says so for whoever measures it.
    await page.locator('[data-ads-hold-expired]').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('#home-hero-title').isVisible()).toBe(true);
    expect(await slotOf(page, 'home-hero').locator('[data-ad-id]').count()).toBe(0);
    answer();
    await adShown(page, 'home-hero');
  });
  it.each(Object.entries({ 'a 390×844 phone': PHONE, 'a 1366×900 desktop': DESKTOP }))(
    'a page whose slots have no ads does not move either, on %s',
    async (_name, viewport) => {
      const page = await site.newPage(viewport);
      await recordLayoutShifts(page);
      await heldUntilAnswered(page, '/tv-shows', async () => {
        // The slot's answer has come (this document's resource timing).
        await page.waitForFunction(() =>
          (
            globalThis as unknown as { performance: { getEntriesByType(type: string): { name: string }[] } }
          ).performance
            .getEntriesByType('resource')
            .some((entry) => new URL(entry.name).searchParams.get('position') === 'tv-top'),
        );
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);
      });
      expect(await slotOf(page, 'tv-top').boundingBox()).toBeNull();
      expect(JSON.stringify(await layoutShifts(page))).toBe('[]');
    },
  );
});

describe('an ad slot shows its creative', () => {
  it('shows a 728×90 picture at its size, centred in the slot', async () => {
    const page = await site.newPage(DESKTOP);
    await page.goto(`${site.url}/movies`);
    const slot = await adShown(page, 'movies-top');
    const picture = slot.locator('img');
    await picture.waitFor();
    const image = await box(picture);
    const card = await box(slot);
    expect([image.width, image.height]).toEqual([728, 90]);
    expect(Math.abs(image.x + image.width / 2 - (card.x + card.width / 2))).toBeLessThanOrEqual(1);
    await screenshot(page, 'movies-1366x900');
  });

  it('shows a 728×90 picture whole on a phone, as wide as fits', async () => {
    const page = await site.newPage(SMALL_PHONE);
    await page.goto(`${site.url}/movies`);
    const slot = await adShown(page, 'movies-top');
    const image = await box(slot.locator('img'));
    expect(image.x).toBeGreaterThanOrEqual(0);
    expect(image.right).toBeLessThanOrEqual(SMALL_PHONE.width);
    expect(image.width).toBeGreaterThan(280);
    // The whole picture, its shape kept (to the pixel it is rounded to).
    expect(Math.abs(image.height - (image.width * 90) / 728)).toBeLessThanOrEqual(1);
  });

  it('shows a 300×250 rectangle at its size beside a title', async () => {
    const page = await site.newPage(DESKTOP);
    await page.goto(`${site.url}/movies/${movieId}`);
    const slot = await adShown(page, 'details-sidebar');
    const image = await box(slot.locator('img'));
    expect([image.width, image.height]).toEqual([300, 250]);
  });

  it('runs a network unit at its size on a transparent frame, not a white strip', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await site.newPage(viewport);
      await page.goto(`${site.url}/`);
      const slot = await adShown(page, 'home-mid');
      await slot.scrollIntoViewIfNeeded();
      const frame = slot.locator('iframe');
      await frame.contentFrame().locator('div').waitFor();
      const unit = await box(frame);
      // The whole 300×250 unit is shown, not clipped to a strip.
      expect([unit.width, unit.height]).toEqual([300, 250]);
      // Around the unit the slot shows the dark page, as the rest of the card does.
      const card = await box(slot);
      const beside = await pixelAt(page, card.x + 12, unit.y + unit.height / 2);
      const inside = await pixelAt(page, unit.x + 10, unit.y + 10);
      expect(isWhite(beside), `painted ${beside.join(',')} beside the unit`).toBe(false);
      expect(inside).toEqual([0x16, 0xa3, 0x4a]);
      await screenshot(page, `network-${viewport.width}x${viewport.height}`);
    }
  });

  it('shows a neat fallback, not a broken picture, when the creative fails to load', async () => {
    const page = await site.newPage(PHONE);
    await page.goto(`${site.url}/action-movies`);
    const slot = await adShown(page, 'action-movies-top');
    await slot.getByText('Gone creative').first().waitFor();
    await page.waitForTimeout(300);
    expect(await brokenImages(slot)).toBe(0);
    await screenshot(page, 'fallback-390x844');

    const admin = await site.newPage(DESKTOP);
    await keepSession(admin, site.url, token);
    await admin.goto(`${site.url}/admin/ads`);
    await admin.getByText('Gone creative').first().waitFor();
    await admin.waitForLoadState('networkidle');
    expect(await brokenImages(admin.locator('main'))).toBe(0);
    expect(await admin.getByText('Gone creative').count()).toBeGreaterThan(0);
  });

  it('keeps the bottom ad in line with the page’s container', async () => {
    const page = await site.newPage(DESKTOP);
    await page.goto(`${site.url}/movies`);
    const slot = await adShown(page, 'global-bottom');
    await slot.scrollIntoViewIfNeeded();
    const card = await box(slot.locator('[data-ad-id]'));
    const heading = await box(page.getByRole('heading', { level: 1, name: 'Movies' }));
    const footer = await box(page.locator('footer').getByRole('link').first());
    expect(Math.abs(card.x - heading.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(card.x - footer.x)).toBeLessThanOrEqual(1);
    const image = await box(slot.locator('img'));
    expect([image.width, image.height]).toEqual([970, 250]);
  });
});

describe('a listing on a phone', () => {
  it.each(Object.entries({ 'a 360×640 phone': SMALL_PHONE, 'a 390×844 phone': PHONE }))(
    'shows the first row of posters without scrolling on %s',
    async (_name, viewport) => {
      const page = await site.newPage(viewport);
      await page.goto(`${site.url}/movies`);
      await adShown(page, 'movies-top');
      const first = page.locator('ul[aria-label="Movies"] li').first();
      await first.waitFor();
      await screenshot(page, `listing-${viewport.width}x${viewport.height}`);
      const posters = await page.locator('ul[aria-label="Movies"] li img').evaluateAll((nodes) =>
        nodes.slice(0, 2).map((node) => {
          const rect = node.getBoundingClientRect();
          return { top: rect.top, bottom: rect.bottom };
        }),
      );
      expect(posters).toHaveLength(2);
      for (const poster of posters) expect(poster.bottom).toBeLessThanOrEqual(viewport.height);
      // The search box is there; genre and sort fold into the bar and open from it.
      const search = page.getByRole('searchbox', { name: 'Search movies' });
      expect(await search.isVisible()).toBe(true);
      expect(await page.getByRole('combobox', { name: 'Genre' }).isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('combobox', { name: 'Genre' }).waitFor();
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('rating');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'rating');
    },
  );

  it('keeps the filters on one row on a desktop', async () => {
    const page = await site.newPage(DESKTOP);
    await page.goto(`${site.url}/movies`);
    const genre = await box(page.getByRole('combobox', { name: 'Genre' }));
    const search = await box(page.getByRole('searchbox', { name: 'Search movies' }));
    expect(Math.abs(genre.y + genre.height / 2 - (search.y + search.height / 2))).toBeLessThanOrEqual(2);
    expect(await page.getByRole('button', { name: 'Filters' }).count()).toBe(0);
  });
});

describe('the admin content screen on a phone', () => {
  it.each(Object.entries({ 'a 360×640 phone': SMALL_PHONE, 'a 390×844 phone': PHONE }))(
    'shows every row as a card with its Hide and Delete buttons on screen on %s',
    async (_name, viewport) => {
      const page = await site.newPage(viewport);
      await keepSession(page, site.url, token);
      await page.goto(`${site.url}/admin/content`);
      await page.locator('tbody [data-part="title"]').first().waitFor();
      await screenshot(page, `admin-content-${viewport.width}x${viewport.height}`);
      const rows = page.locator('tbody tr');
      expect(await rows.count()).toBeGreaterThan(3);
      for (let index = 0; index < 3; index += 1) {
        const row = rows.nth(index);
        for (const name of ['Hide', 'Delete']) {
          const button = await box(row.getByRole('button', { name }));
          expect(button.x).toBeGreaterThanOrEqual(0);
          expect(button.right).toBeLessThanOrEqual(viewport.width);
        }
        const title = await box(row.locator('[data-part="title"]'));
        expect(title.right).toBeLessThanOrEqual(viewport.width);
      }
      const widths = (await page.evaluate(
        '[document.documentElement.scrollWidth, window.innerWidth]',
      )) as number[];
      expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    },
  );
});

describe('accessibility with ads in the slots', () => {
  it.each([
    ['/', 'home-hero'],
    ['/movies', 'movies-top'],
    ['/action-movies', 'action-movies-top'],
    ['/movies/{id}', 'details-sidebar'],
  ])(
    '%s has no serious or critical problem on a phone and a desktop',
    async (path, position) => {
      // Both at once, each in its own page: a check mostly waits for its page to settle.
      const found = await Promise.all(
        [PHONE, DESKTOP].map(async (viewport) => {
          const page = await site.newPage(viewport);
          await page.goto(`${site.url}${path.replace('{id}', String(movieId))}`);
          await adShown(page, position);
          await page.waitForLoadState('networkidle');
          return seriousViolations(page);
        }),
      );
      expect(found).toEqual([[], []]);
    },
    60_000,
  );

  it('the admin content cards have none on a phone', async () => {
    const page = await site.newPage(PHONE);
    await keepSession(page, site.url, token);
    await page.goto(`${site.url}/admin/content`);
    await page.locator('tbody [data-part="title"]').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  }, 60_000);
});
