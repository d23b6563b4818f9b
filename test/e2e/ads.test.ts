import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, signIn, storedItem } from './support/accounts.js';
import { adminAd, createAd, deleteAd, imageAd, useAdFixtures, watchBeacons } from './support/ads.js';
import { useSiteSession } from './support/session.js';

const site = useSiteSession();
const fixtures = useAdFixtures(site);

/** Each test uses the slots of its own landing page, so the ads of one never show in another. */
const slotOf = (page: Page, position: string) => page.locator(`section[data-ad-slot="${position}"]`);

/** The answer of the slot's `GET /ads`, so a test knows the slot has decided what to show. */
function slotAnswer(page: Page, position: string) {
  return page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/ads' &&
      new URL(response.url()).searchParams.get('position') === position,
  );
}

/**
 * Stops the page's clock where it is: from then on its timers run only when the test moves the
 * clock. Installed before the page loads; paused once the slot has shown its first ad.
 */
async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

describe('an ad slot on a public page', () => {
  it('shows nothing and takes no room when its position has no ads', async () => {
    const page = await site.newPage();
    const answered = slotAnswer(page, 'comedy-movies-top');
    await page.goto(`${site.url}/comedy-movies`);
    expect((await answered).status()).toBe(200);

    const slot = slotOf(page, 'comedy-movies-top');
    expect(await slot.count()).toBe(1);
    expect(await slot.evaluate((element) => element.childElementCount)).toBe(0);
    expect(await slot.boundingBox()).toBeNull();
  });

  it('shows an image ad with its image, title, description and a link that opens in a new tab', async () => {
    await createAd(
      site.url,
      fixtures.token,
      imageAd({
        title: 'Popcorn Club',
        position: 'horror-movies-top',
        imageUrl: `${fixtures.images.url}/728x90.svg`,
        linkUrl: 'https://popcorn.example/join',
      }),
    );
    const page = await site.newPage();
    await page.goto(`${site.url}/horror-movies`);

    const slot = slotOf(page, 'horror-movies-top');
    await slot.getByText('Popcorn Club').waitFor();
    expect(await slot.getAttribute('aria-label')).toBe('Advertisement');
    expect(await slot.getByText('Everything half price').count()).toBe(1);
    const image = slot.getByRole('img', { name: 'Popcorn Club' });
    expect(await image.getAttribute('src')).toBe(`${fixtures.images.url}/728x90.svg`);
    const link = slot.getByRole('link');
    expect(await link.getAttribute('href')).toBe('https://popcorn.example/join');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect((await link.getAttribute('rel'))?.split(' ')).toContain('noopener');
    // One ad: no dots to choose from, but it can still be closed.
    expect(await slot.getByRole('button', { name: /^Show ad/ }).count()).toBe(0);
    expect(await slot.getByRole('button', { name: 'Close ad' }).count()).toBe(1);
  });

  it('rotates every 8 seconds, lets the dots pick an ad, and reports each ad’s impression once', async () => {
    const first = await createAd(
      site.url,
      fixtures.token,
      imageAd({ title: 'First ad', position: 'drama-movies-top' }),
    );
    const second = await createAd(
      site.url,
      fixtures.token,
      imageAd({ title: 'Second ad', position: 'drama-movies-top' }),
    );
    const page = await site.newPage();
    const beacons = watchBeacons(page);
    await page.clock.install();
    await page.goto(`${site.url}/drama-movies`);
    const slot = slotOf(page, 'drama-movies-top');
    // Newest first: the second ad opens the rotation.
    await slot.getByText('Second ad').waitFor();
    await pauseClock(page);
    const shown = () => slot.locator('[data-ad-id]').getAttribute('data-ad-id');
    const dots = slot.getByRole('button', { name: /^Show ad \d of 2$/ });
    expect(await dots.count()).toBe(2);
    expect(await dots.nth(0).getAttribute('aria-current')).toBe('true');

    await page.clock.runFor(8000);
    await slot.getByText('First ad').waitFor();
    expect(await shown()).toBe(first);
    expect(await dots.nth(1).getAttribute('aria-current')).toBe('true');

    await page.clock.runFor(7999);
    expect(await shown()).toBe(first);
    await page.clock.runFor(1);
    await slot.getByText('Second ad').waitFor();

    // A dot shows its ad at once and starts the 8 seconds again.
    await page.clock.runFor(5000);
    await dots.nth(1).click();
    await slot.getByText('First ad').waitFor();
    await page.clock.runFor(7999);
    expect(await shown()).toBe(first);
    await page.clock.runFor(1);
    await slot.getByText('Second ad').waitFor();

    const impressions = beacons.sent.filter((beacon) => beacon.kind === 'impression');
    expect(impressions.map((beacon) => beacon.adId)).toEqual([second, first]);
    await expect.poll(async () => (await adminAd(site.url, fixtures.token, first))?.impressions).toBe(1);
    await expect.poll(async () => (await adminAd(site.url, fixtures.token, second))?.impressions).toBe(1);
  });

  it('counts an ad again when it is shown again on another visit, as a new display', async () => {
    const adId = await createAd(
      site.url,
      fixtures.token,
      imageAd({ title: 'Twice seen', position: 'thriller-movies-top' }),
    );
    const page = await site.newPage();
    const beacons = watchBeacons(page);

    await page.goto(`${site.url}/thriller-movies`);
    await slotOf(page, 'thriller-movies-top').getByText('Twice seen').waitFor();
    await page.reload();
    await slotOf(page, 'thriller-movies-top').getByText('Twice seen').waitFor();

    await expect.poll(() => beacons.sent.filter((beacon) => beacon.kind === 'impression').length).toBe(2);
    // The server counts a display id once: two impressions counted are two displays.
    await expect.poll(async () => (await adminAd(site.url, fixtures.token, adId))?.impressions).toBe(2);
  });

  it('reports each display with the display id of its own slot answer, even where a kept answer shows first', async () => {
    const adId = await createAd(
      site.url,
      fixtures.token,
      imageAd({ title: 'Followed', position: 'global-bottom' }),
    );
    const page = await site.newPage();
    // Without sendBeacon the slot reports by fetch, whose body the test can read.
    await page.addInitScript(() => {
      const { navigator } = globalThis as unknown as { navigator: object };
      Object.defineProperty(Object.getPrototypeOf(navigator), 'sendBeacon', { value: undefined });
    });
    const issued: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname !== '/api/ads' || url.searchParams.get('position') !== 'global-bottom') return;
      void response.json().then((ads: { id: string; displayId: string }[]) => {
        for (const ad of ads) if (ad.id === adId) issued.push(ad.displayId);
      });
    });
    const reported: unknown[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/ads/${adId}/impression`)
        reported.push((JSON.parse(request.postData() ?? '{}') as { displayId?: string }).displayId);
    });

    // Three pages, three displays of the bottom slot; the second and third show the answer kept
    // from the first while they ask their own.
    await page.goto(`${site.url}/movies`);
    const ad = slotOf(page, 'global-bottom').getByText('Followed');
    await ad.waitFor();
    await expect.poll(() => reported.length).toBe(1);
    await page.getByRole('link', { name: 'TV Shows', exact: true }).first().click();
    await page.waitForURL(`${site.url}/tv-shows`);
    await ad.waitFor();
    await expect.poll(() => reported.length).toBe(2);
    await page.goBack();
    await page.waitForURL(`${site.url}/movies`);
    await ad.waitFor();
    await expect.poll(() => reported.length).toBe(3);

    expect(new Set(reported).size).toBe(3);
    // The answers' bodies are read as they come: the last may still be on its way.
    await expect
      .poll(() => reported.filter((displayId) => !issued.includes(displayId as string)))
      .toEqual([]);
    await expect.poll(async () => (await adminAd(site.url, fixtures.token, adId))?.impressions).toBe(3);
    await deleteAd(site.url, fixtures.token, adId);
  });

  it('reports a viewable impression once half the ad has been in view for one second, not before', async () => {
    const adId = await createAd(
      site.url,
      fixtures.token,
      imageAd({ title: 'Seen below', position: 'global-bottom' }),
    );
    const page = await site.newPage({ width: 1280, height: 600 });
    const beacons = watchBeacons(page);
    await page.clock.install();
    await page.goto(`${site.url}/movies`);
    const slot = slotOf(page, 'global-bottom');
    const ad = slot.locator('[data-ad-id]');
    await ad.waitFor();
    await pauseClock(page);

    // Below the fold: shown (an impression), but never seen however long the page stays open.
    await page.locator(`[data-ad-id="${adId}"][data-ad-viewing="false"]`).waitFor({ state: 'attached' });
    await page.clock.runFor(5000);
    expect(beacons.sent.filter((beacon) => beacon.kind === 'viewable-impression')).toEqual([]);

    await ad.scrollIntoViewIfNeeded();
    await page.locator(`[data-ad-id="${adId}"][data-ad-viewing="true"]`).waitFor();
    await page.clock.runFor(999);
    expect(beacons.sent.filter((beacon) => beacon.kind === 'viewable-impression')).toEqual([]);
    await page.clock.runFor(1);
    await expect
      .poll(() => beacons.sent.filter((beacon) => beacon.kind === 'viewable-impression').length)
      .toBe(1);

    await page.clock.runFor(5000);
    expect(beacons.sent.map((beacon) => beacon.kind)).toEqual(['impression', 'viewable-impression']);
    await expect
      .poll(async () => (await adminAd(site.url, fixtures.token, adId))?.viewableImpressions)
      .toBe(1);
    await deleteAd(site.url, fixtures.token, adId);
  });

  it('opens the ad’s link in a new tab that cannot reach back into the site, and counts the click', async () => {
    const adId = await createAd(
      site.url,
      fixtures.token,
      imageAd({ title: 'Go elsewhere', position: 'action-movies-top', linkUrl: `${site.url}/tv-shows` }),
    );
    const page = await site.newPage();
    const beacons = watchBeacons(page);
    await page.goto(`${site.url}/action-movies`);
    const link = slotOf(page, 'action-movies-top').getByRole('link');
    await link.waitFor();

    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await tab.waitForLoadState('domcontentloaded');

    expect(new URL(tab.url()).pathname).toBe('/tv-shows');
    expect(await tab.evaluate(() => (globalThis as unknown as { opener: unknown }).opener)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/action-movies');
    await expect.poll(() => beacons.sent.filter((beacon) => beacon.kind === 'click').length).toBe(1);
    await expect.poll(async () => (await adminAd(site.url, fixtures.token, adId))?.clicks).toBe(1);
  });

  it('stays quiet when the reports fail: the ad was deleted meanwhile', async () => {
    const adId = await createAd(
      site.url,
      fixtures.token,
      imageAd({ title: 'Gone soon', position: 'tv-top', linkUrl: `${site.url}/top-100-movies` }),
    );
    const page = await site.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${site.url}/tv-shows`);
    const slot = slotOf(page, 'tv-top');
    const link = slot.getByRole('link');
    await link.waitFor();
    await deleteAd(site.url, fixtures.token, adId);
    const refused = page.waitForResponse((response) => response.url().endsWith(`/api/ads/${adId}/click`));

    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);

    expect((await refused).status()).toBe(404);
    await tab.waitForLoadState('domcontentloaded');
    expect(new URL(tab.url()).pathname).toBe('/top-100-movies');
    expect(dialogs).toEqual([]);
    expect(await slot.getByText('Gone soon').count()).toBe(1);
  });

  it('hides a closed slot for the rest of the session, on every page, and a new session shows it again', async () => {
    await createAd(site.url, fixtures.token, imageAd({ title: 'Closable', position: 'movies-top' }));
    const page = await site.newPage();
    await page.goto(`${site.url}/movies`);
    const slot = slotOf(page, 'movies-top');
    await slot.getByText('Closable').waitFor();

    await slot.getByRole('button', { name: 'Close ad' }).click();
    expect(await slot.boundingBox()).toBeNull();
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await slot.evaluate((element) => element.childElementCount)).toBe(0);

    const another = await site.newPage();
    await another.goto(`${site.url}/movies`);
    await slotOf(another, 'movies-top').getByText('Closable').waitFor();
  });

  it('leaves the bottom slot off the back office', async () => {
    const adId = await createAd(
      site.url,
      fixtures.token,
      imageAd({ title: 'Not for admins', position: 'global-bottom' }),
    );
    const page = await site.newPage();
    await signIn(page, site.url, ADMIN);
    await slotOf(page, 'global-bottom').getByText('Not for admins').waitFor();
    await page.goto(`${site.url}/admin/users`);
    await page.getByRole('heading', { level: 1, name: 'Manage Users' }).waitFor();
    expect(await slotOf(page, 'global-bottom').count()).toBe(0);
    expect(await page.getByText('Not for admins').count()).toBe(0);
    await deleteAd(site.url, fixtures.token, adId);
  });
});

interface SandboxFindings {
  readonly token: string;
  readonly cookie: string;
  readonly parentTitle: string;
  readonly topUrl: string;
  readonly navigate: string;
}

/** An embed that tries everything a hostile ad would, and reports what it got to `/api/sandbox-report`. */
const HOSTILE_EMBED = `<p>Hostile ad</p><script>
  var found = {};
  function attempt(name, run) {
    try { found[name] = 'read: ' + String(run()); } catch (error) { found[name] = 'blocked: ' + error.name; }
  }
  attempt('token', function () { return localStorage.getItem('token'); });
  attempt('cookie', function () { return document.cookie; });
  attempt('parentTitle', function () { return parent.document.title; });
  attempt('topUrl', function () { return top.location.href; });
  attempt('navigate', function () { top.location = 'https://attacker.example/stolen'; return 'no error'; });
  new Image().src = '/api/sandbox-report?found=' + encodeURIComponent(JSON.stringify(found));
</script>`;

describe('a network ad', () => {
  it('runs its code in a sandbox that reads neither the member’s token nor cookies, nor moves the page', async () => {
    const adId = await createAd(site.url, fixtures.token, {
      title: 'Hostile network',
      type: 'network',
      provider: 'custom',
      embedCode: HOSTILE_EMBED,
      position: 'marvel-movies-top',
    });
    const page = await site.newPage();
    await page.context().addCookies([{ name: 'session', value: 'cookie-secret', url: site.url }]);
    await signIn(page, site.url, ADMIN);
    const memberToken = await storedItem(page, 'token');
    expect(memberToken).toBeTruthy();
    const report = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/sandbox-report',
    );
    const frameAnswer = page.waitForResponse((response) => response.url().endsWith(`/api/ads/${adId}/frame`));

    await page.goto(`${site.url}/marvel-movies`);

    const frame = slotOf(page, 'marvel-movies-top').locator('iframe');
    expect(await frame.getAttribute('sandbox')).toBe(
      'allow-scripts allow-popups allow-popups-to-escape-sandbox',
    );
    const policy = (await frameAnswer).headers()['content-security-policy'] ?? '';
    expect(policy).toContain('sandbox allow-scripts');
    expect(policy).not.toContain('allow-same-origin');
    expect(policy).not.toContain('allow-top-navigation');

    const found = JSON.parse(
      new URL((await report).url()).searchParams.get('found') ?? '{}',
    ) as SandboxFindings;
    expect(found.token).toMatch(/^blocked: /);
    expect(found.cookie).toMatch(/^blocked: /);
    expect(found.parentTitle).toMatch(/^blocked: /);
    expect(found.topUrl).toMatch(/^blocked: /);
    expect(found.navigate).toMatch(/^blocked: /);
    expect(JSON.stringify(found)).not.toContain(memberToken!);
    expect(JSON.stringify(found)).not.toContain('cookie-secret');

    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(page.url()).toBe(`${site.url}/marvel-movies`);
    await frame.contentFrame().getByText('Hostile ad').waitFor();
  });

  it('counts a click inside its frame, the moment the frame takes the focus from the page', async () => {
    const adId = await createAd(site.url, fixtures.token, {
      title: 'Clickable network',
      type: 'network',
      provider: 'evadav',
      embedCode: '<button type="button">Visit the sponsor</button>',
      position: 'trending-movies-top',
    });
    const page = await site.newPage();
    const beacons = watchBeacons(page);
    await page.goto(`${site.url}/trending-movies`);
    const frame = slotOf(page, 'trending-movies-top').locator('iframe').contentFrame();
    await frame.getByRole('button', { name: 'Visit the sponsor' }).waitFor();
    expect(beacons.sent.map((beacon) => beacon.kind)).not.toContain('click');

    await frame.getByRole('button', { name: 'Visit the sponsor' }).click();

    await expect.poll(() => beacons.sent.filter((beacon) => beacon.kind === 'click').length).toBe(1);
    await expect.poll(async () => (await adminAd(site.url, fixtures.token, adId))?.clicks).toBe(1);
  });
});
