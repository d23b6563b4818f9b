import type { TrackPageViewRequest } from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';
import { createPageViewTracker, sendPageView, TRACK_URL } from './page-views';

function visit(initialReferrer = '') {
  const sent: TrackPageViewRequest[] = [];
  const tracker = createPageViewTracker({
    origin: 'https://cinefold.example',
    initialReferrer,
    skip: (path) => path.startsWith('/admin'),
    send: (view) => sent.push(view),
  });
  return { sent, tracker };
}

describe('page-view tracking', () => {
  it("reports the first page with the browser's referrer and each next one with the previous address", () => {
    const { sent, tracker } = visit('https://www.google.com/');
    tracker.viewed('/', 'a');
    tracker.viewed('/movies?genre=Action&page=2', 'b');
    tracker.viewed('/movies/550', 'c');
    expect(sent).toEqual([
      { path: '/', referrer: 'https://www.google.com/' },
      { path: '/movies?genre=Action&page=2', referrer: 'https://cinefold.example/' },
      { path: '/movies/550', referrer: 'https://cinefold.example/movies?genre=Action&page=2' },
    ]);
  });

  it('reports no referrer for a first page opened directly', () => {
    const { sent, tracker } = visit('');
    tracker.viewed('/tv-shows', 'a');
    expect(sent).toEqual([{ path: '/tv-shows', referrer: null }]);
  });

  it('reports a navigation once however often it is seen, and a new visit to the same page again', () => {
    const { sent, tracker } = visit();
    tracker.viewed('/movies', 'a');
    tracker.viewed('/movies', 'a');
    tracker.viewed('/movies', 'b');
    expect(sent.map((view) => view.path)).toEqual(['/movies', '/movies']);
  });

  it('reports nothing of the back office, which is no referrer either', () => {
    const { sent, tracker } = visit();
    tracker.viewed('/', 'a');
    tracker.viewed('/admin', 'b');
    tracker.viewed('/admin/content?type=tv', 'c');
    tracker.viewed('/movies', 'd');
    expect(sent).toEqual([
      { path: '/', referrer: null },
      { path: '/movies', referrer: 'https://cinefold.example/' },
    ]);
  });
});

describe('sending a page view', () => {
  const view = { path: '/movies/550', referrer: null };

  it('uses a beacon carrying JSON when the browser has one', async () => {
    const beacons: { url: string; data: Blob }[] = [];
    let fetched = 0;
    sendPageView(view, {
      sendBeacon: (url, data) => beacons.push({ url, data }) > 0,
      fetch: async () => fetched++,
    });
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe(TRACK_URL);
    expect(beacons[0]!.data.type).toBe('application/json');
    expect(JSON.parse(await beacons[0]!.data.text())).toEqual(view);
    expect(fetched).toBe(0);
  });

  it('falls back on a keepalive fetch when there is no beacon or it is refused', () => {
    for (const sendBeacon of [undefined, () => false]) {
      const calls: { url: string; init: RequestInit }[] = [];
      sendPageView(view, { sendBeacon, fetch: async (url, init) => calls.push({ url, init }) });
      expect(calls).toEqual([
        {
          url: TRACK_URL,
          init: {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(view),
            keepalive: true,
          },
        },
      ]);
    }
  });

  it('ignores a failure to send', async () => {
    expect(() =>
      sendPageView(view, {
        sendBeacon: () => {
          throw new TypeError('blocked');
        },
      }),
    ).not.toThrow();
    expect(() => sendPageView(view, { fetch: () => Promise.reject(new Error('offline')) })).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
