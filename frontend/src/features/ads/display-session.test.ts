import { describe, expect, it } from 'vitest';
import { adBeaconRequest } from '@cinefold/contracts';
import {
  type AdBeacon,
  adBeaconUrl,
  createDisplaySession,
  newDisplayId,
  sendAdBeacon,
} from './display-session';

function recordingSession() {
  const sent: { adId: string; beacon: AdBeacon; displayId: string }[] = [];
  let next = 0;
  const session = createDisplaySession(
    (adId, beacon, displayId) => sent.push({ adId, beacon, displayId }),
    () => `display-${++next}`,
  );
  return { session, sent };
}

describe('a display session of a slot', () => {
  it('reports each ad’s impression once, however often the rotation comes back to it', () => {
    const { session, sent } = recordingSession();
    session.shown('ad-a');
    session.shown('ad-b');
    session.shown('ad-a');
    session.shown('ad-b');
    expect(sent).toEqual([
      { adId: 'ad-a', beacon: 'impression', displayId: 'display-1' },
      { adId: 'ad-b', beacon: 'impression', displayId: 'display-2' },
    ]);
  });

  it('sends an ad’s viewable impression and click once each, with the id of its display', () => {
    const { session, sent } = recordingSession();
    session.shown('ad-a');
    session.viewable('ad-a');
    session.viewable('ad-a');
    session.clicked('ad-a');
    session.clicked('ad-a');
    expect(sent.map((each) => `${each.beacon} ${each.displayId}`)).toEqual([
      'impression display-1',
      'viewable-impression display-1',
      'click display-1',
    ]);
  });

  it('gives a new session new display ids, so the ad shown on the next page counts again', () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) createDisplaySession((_, __, displayId) => ids.push(displayId)).shown('ad-a');
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe('a display id', () => {
  it('is what the beacon contract accepts', () => {
    for (let i = 0; i < 50; i++) {
      expect(adBeaconRequest.safeParse({ displayId: newDisplayId() }).success).toBe(true);
    }
    const allOnes = newDisplayId((bytes) => bytes.fill(255));
    expect(allOnes).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('sending a beacon', () => {
  it('posts the display id as JSON to the ad’s route, by sendBeacon when the browser has it', async () => {
    const beacons: { url: string; body: string; type: string }[] = [];
    const pending: Promise<void>[] = [];
    sendAdBeacon('ad 1', 'viewable-impression', 'display-1', {
      sendBeacon: (url, data) => {
        pending.push(data.text().then((body) => void beacons.push({ url, body, type: data.type })));
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
