import { describe, expect, it } from 'vitest';
import { type AdBeacon, adBeaconUrl, createDisplaySession, sendAdBeacon } from './display-session';

function recordingSession() {
  const sent: { adId: string; beacon: AdBeacon; displayId: string | undefined }[] = [];
  const session = createDisplaySession((adId, beacon, displayId) => sent.push({ adId, beacon, displayId }));
  return { session, sent };
}

const adA = { id: 'ad-a', displayId: 'display-of-a' };
const adB = { id: 'ad-b', displayId: 'display-of-b' };

describe('a display session of a slot', () => {
  it('reports each ad’s impression once, however often the rotation comes back to it', () => {
    const { session, sent } = recordingSession();
    session.shown(adA);
    session.shown(adB);
    session.shown(adA);
    session.shown(adB);
    expect(sent).toEqual([
      { adId: 'ad-a', beacon: 'impression', displayId: 'display-of-a' },
      { adId: 'ad-b', beacon: 'impression', displayId: 'display-of-b' },
    ]);
  });

  it('sends an ad’s viewable impression and click once each, with the display id its slot’s answer gave', () => {
    const { session, sent } = recordingSession();
    session.shown(adA);
    session.viewable(adA);
    session.viewable(adA);
    session.clicked(adA);
    session.clicked(adA);
    expect(sent.map((each) => `${each.beacon} ${each.displayId}`)).toEqual([
      'impression display-of-a',
      'viewable-impression display-of-a',
      'click display-of-a',
    ]);
  });

  it('keeps the display id an ad was first shown with when a later answer brings another', () => {
    const { session, sent } = recordingSession();
    session.shown(adA);
    session.clicked({ ...adA, displayId: 'a-later-answer' });
    expect(sent.map((each) => each.displayId)).toEqual(['display-of-a', 'display-of-a']);
  });

  it('reports an ad given no display id (a server that issues none) without one', () => {
    const { session, sent } = recordingSession();
    session.shown({ id: 'ad-c' });
    session.clicked({ id: 'ad-c' });
    expect(sent).toEqual([
      { adId: 'ad-c', beacon: 'impression', displayId: undefined },
      { adId: 'ad-c', beacon: 'click', displayId: undefined },
    ]);
  });
});

describe('sending a beacon', () => {
  it('posts the display id as JSON to the ad’s route, by sendBeacon when the browser has it', async () => {
    const beacons: { url: string; body: string; type: string }[] = [];
    const pending: Promise<void>[] = [];
    sendAdBeacon('ad 1', 'viewable-impression', 'display-1', {
      sendBeacon: (url, data) => {
        pending.push(data!.text().then((body) => void beacons.push({ url, body, type: data!.type })));
        return true;
      },
    });
    await Promise.all(pending);
    expect(beacons).toEqual([
      {
        url: '/api/ads/ad%201/viewable-impression',
        body: '{"displayId":"display-1"}',
        type: 'application/json',
      },
    ]);
  });

  it('posts no body at all without a display id, as the spec’s beacon', () => {
    const sent: { url: string; init?: RequestInit; data?: Blob }[] = [];
    sendAdBeacon('ad-1', 'impression', undefined, {
      sendBeacon: (url, data) => {
        sent.push({ url, ...(data ? { data } : {}) });
        return true;
      },
    });
    sendAdBeacon('ad-1', 'click', undefined, {
      fetch: (url, init) => {
        sent.push({ url, init });
        return Promise.resolve();
      },
    });
    expect(sent).toEqual([
      { url: '/api/ads/ad-1/impression' },
      { url: '/api/ads/ad-1/click', init: { method: 'POST', keepalive: true } },
    ]);
  });

  it('falls back to fetch, and a failure of either is silent', () => {
    const fetched: string[] = [];
    expect(() =>
      sendAdBeacon('ad-1', 'click', 'display-1', {
        sendBeacon: () => false,
        fetch: (url) => {
          fetched.push(url);
          return Promise.reject(new Error('offline'));
        },
      }),
    ).not.toThrow();
    expect(fetched).toEqual([adBeaconUrl('ad-1', 'click')]);
    expect(() =>
      sendAdBeacon('ad-1', 'click', 'display-1', {
        sendBeacon: () => {
          throw new Error('refused');
        },
      }),
    ).not.toThrow();
  });
});
