import type { AdminAd } from '@cinefold/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { callApi } from './accounts.js';
import { adminToken } from './catalogue.js';
import type { SiteSession } from './session.js';
import { type StandInHost, startStandInHost } from './stand-in-host.js';

/** An image ad as the admin form would send it; tests override what they are about. */
export function imageAd(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Spring sale',
    description: 'Everything half price',
    type: 'image',
    imageUrl: 'https://ads.example/spring.png',
    linkUrl: 'https://shop.example/spring',
    position: 'home-hero',
    active: true,
    ...fields,
  };
}

/**
 * Creates an ad through the admin API and returns its id once the read side has it, so a slot
 * opened next shows it (the admin's own read of the list waits for the write).
 */
export async function createAd(siteUrl: string, token: string, ad: Record<string, unknown>): Promise<string> {
  const answer = await callApi(siteUrl, 'POST', '/admin/ads', { token, body: ad });
  if (answer.status !== 201) throw new Error(`creating an ad answered ${answer.status}`);
  await callApi(siteUrl, 'GET', '/admin/ads', { token, eventPosition: answer.eventPosition });
  return (answer.body as { id: string }).id;
}

export async function deleteAd(siteUrl: string, token: string, adId: string): Promise<void> {
  const answer = await callApi(siteUrl, 'DELETE', `/admin/ads/${adId}`, { token });
  if (answer.status !== 200) throw new Error(`deleting an ad answered ${answer.status}`);
  await callApi(siteUrl, 'GET', '/admin/ads', { token, eventPosition: answer.eventPosition });
}

/** The ad as the back office lists it, with its counters. */
export async function adminAd(siteUrl: string, token: string, adId: string): Promise<AdminAd | undefined> {
  const answer = await callApi(siteUrl, 'GET', '/admin/ads', { token });
  return (answer.body as AdminAd[]).find((ad) => ad.id === adId);
}

export type BeaconKind = 'impression' | 'viewable-impression' | 'click';

export interface SentBeacon {
  readonly kind: BeaconKind;
  readonly adId: string;
}

/**
 * Every beacon the page sends, in order. Playwright does not show a `sendBeacon` body, so the
 * display id is the unit tests' business; the server's counters show each display counted once.
 */
export function watchBeacons(page: Page): { readonly sent: SentBeacon[] } {
  const sent: SentBeacon[] = [];
  page.on('request', (request) => {
    const match = /^\/api\/ads\/([^/]+)\/(impression|viewable-impression|click)$/.exec(
      new URL(request.url()).pathname,
    );
    if (!match || request.method() !== 'POST') return;
    sent.push({ kind: match[2] as BeaconKind, adId: match[1]! });
  });
  return { sent };
}

/** `${url}/728x90.svg` is a 728×90 picture. */
export type AdImageHost = StandInHost;

/**
 * Stand-in ad creatives: `/{width}x{height}.svg` answers a picture of that size (a banner's
 * colours and its size written on it); any other address answers 404, as a creative taken down.
 */
export function startAdImageHost(): Promise<AdImageHost> {
  return startStandInHost((request, response) => {
    const size = /^\/(\d{2,4})x(\d{2,4})\.svg$/.exec(request.url ?? '');
    if (!size) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('gone');
      return;
    }
    const [, width, height] = size;
    response.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' });
    response.end(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
        `<rect width="100%" height="100%" fill="#1d4ed8"/>` +
        `<text x="50%" y="50%" fill="#fff" font-family="sans-serif" font-size="20" text-anchor="middle" dominant-baseline="middle">${width}×${height}</text></svg>`,
    );
  });
}

/**
 * What a test file about ads needs beside its site: pictures that load (a picture that cannot is
 * shown as the ad's words instead; see phone-layout), served from before the file's tests to
 * after them, and an admin's token to create ads with. Read both inside tests or hooks.
 */
export function useAdFixtures(site: SiteSession): { readonly images: AdImageHost; readonly token: string } {
  let images: AdImageHost | undefined;
  let token: string | undefined;
  beforeAll(async () => {
    images = await startAdImageHost();
    token = await adminToken(site.url);
  });
  afterAll(async () => {
    await images?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useAdFixtures: the fixtures start in beforeAll');
    return value;
  };
  return {
    get images() {
      return started(images);
    },
    get token() {
      return started(token);
    },
  };
}
