import {
  type CinefoldEvent,
  EVENT_POSITION_HEADER,
  streams,
  type TrafficSummaryResponse,
  trafficSummaryResponse,
} from '@cinefold/contracts';
import { createEventLog, daysEndingWith, encodePosition, siteDay, systemContext } from '@cinefold/platform';
import { samplePageView } from '@cinefold/platform/testing';
import { describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_SETTINGS, useSite } from './support/site.js';

const site = useSite('traffic-summary', {
  TRUST_PROXY: 'loopback',
  ...ADMIN_SETTINGS,
});

type PageView = Extract<CinefoldEvent, { type: 'PageViewed' }>;
const view = samplePageView;

/** `back` days before today, in the site's time zone (UTC here). */
const dayBefore = (back: number) => daysEndingWith(siteDay('UTC'), back + 1)[0]!;

let lastPosition = '';
async function viewsOn(day: string, views: PageView[]): Promise<void> {
  const result = await createEventLog(site.running.store!).append(streams.pageViews(day), views, {
    expectedRevision: 'any',
    context: systemContext(),
  });
  lastPosition = encodePosition(result.position);
}

async function summary(query: string, token?: string | null) {
  const response = await fetch(`${site.url}/api/analytics/admin/summary${query}`, {
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token ?? (await site.signIn(ADMIN))}` }),
      ...(lastPosition ? { [EVENT_POSITION_HEADER]: lastPosition } : {}),
    },
  });
  return {
    status: response.status,
    body: (await response.json()) as TrafficSummaryResponse & { message?: string },
  };
}

describe('the traffic summary', () => {
  it('shows every day of the last seven with zeros, and no sources, devices or countries, before any view', async () => {
    const { status, body } = await summary('');
    expect(status).toBe(200);
    expect(trafficSummaryResponse.parse(body)).toEqual(body);
    expect(body).toEqual({
      days: 7,
      timeseries: daysEndingWith(siteDay('UTC'), 7).map((day) => ({ day, count: 0, visitors: 0 })),
      sources: [],
      devices: [],
      countries: [],
    });
  });

  it('adds up the days of the window: views and visitors per day, and each list by count, highest first', async () => {
    await viewsOn(dayBefore(0), [
      view({ source: 'Google', country: 'FR' }),
      view({ source: 'Google', visitor: 'visitor-b', device: 'mobile' }),
      view({ source: 'Reddit', visitor: 'visitor-b', device: 'mobile' }),
    ]);
    await viewsOn(dayBefore(2), [view({ source: 'Reddit' }), view({ source: 'Reddit', device: 'tablet' })]);
    await viewsOn(dayBefore(10), [view({ source: 'Bing', country: 'DE' })]);

    const week = (await summary('?days=7')).body;
    expect(week.timeseries).toHaveLength(7);
    expect(week.timeseries.at(-1)).toEqual({ day: dayBefore(0), count: 3, visitors: 2 });
    expect(week.timeseries.at(-3)).toEqual({ day: dayBefore(2), count: 2, visitors: 1 });
    expect(week.timeseries.reduce((sum, d) => sum + d.count, 0)).toBe(5);
    expect(week.sources).toEqual([
      { source: 'Reddit', count: 3 },
      { source: 'Google', count: 2 },
    ]);
    expect(week.devices).toEqual([
      { device: 'desktop', count: 2 },
      { device: 'mobile', count: 2 },
      { device: 'tablet', count: 1 },
    ]);
    expect(week.countries).toEqual([
      { country: 'US', count: 4 },
      { country: 'FR', count: 1 },
    ]);

    const month = (await summary('?days=30')).body;
    expect(month.days).toBe(30);
    expect(month.timeseries).toHaveLength(30);
    expect(month.timeseries[0]!.day).toBe(dayBefore(29));
    expect(month.sources).toEqual([
      { source: 'Reddit', count: 3 },
      { source: 'Google', count: 2 },
      { source: 'Bing', count: 1 },
    ]);

    const today = (await summary('?days=1')).body;
    expect(today.timeseries).toEqual([{ day: dayBefore(0), count: 3, visitors: 2 }]);
  });

  it('counts a view tracked through the site, which an admin reads after their own visit', async () => {
    const before = (await summary('?days=1')).body.timeseries[0]!.count;
    const tracked = await fetch(`${site.url}/api/analytics/track`, {
      method: 'POST',
      headers: {
        // A member's view answers with its position (a guest's does not), to read after it.
        authorization: `Bearer ${await site.signIn(ADMIN)}`,
        'content-type': 'application/json',
        'x-forwarded-for': '8.8.8.8',
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      },
      body: JSON.stringify({ path: '/movies/550', referrer: 'https://duckduckgo.com/' }),
    });
    expect(tracked.status).toBe(204);
    lastPosition = tracked.headers.get(EVENT_POSITION_HEADER)!;
    const after = (await summary('?days=1')).body;
    expect(after.timeseries[0]!.count).toBe(before + 1);
    expect(after.sources).toContainEqual({ source: 'DuckDuckGo', count: 1 });
  });

  it.each([
    ['0', 'days must be at least 1.'],
    ['91', 'days must be at most 90.'],
    ['seven', 'days must be a number.'],
    ['1.5', 'days must be a whole number.'],
  ])('refuses days=%s with 400 and a message', async (days, message) => {
    expect(await summary(`?days=${days}`)).toEqual({ status: 400, body: { message } });
  });

  it('is for admins only', async () => {
    expect((await summary('', null)).status).toBe(401);
  });
});
