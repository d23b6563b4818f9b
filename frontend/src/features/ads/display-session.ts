import { API_BASE_PATH } from '../../lib/api-client';

/** What a slot reports about one display of an ad (the routes of `/ads/{id}/...`). */
export type AdBeacon = 'impression' | 'viewable-impression' | 'click';

export function adBeaconUrl(adId: string, beacon: AdBeacon): string {
  return `${API_BASE_PATH}/ads/${encodeURIComponent(adId)}/${beacon}`;
}

/** What the browser offers to send a beacon with; a parameter so a test can watch what is sent. */
export interface BeaconTransport {
  readonly sendBeacon?: (url: string, data: Blob | undefined) => boolean;
  readonly fetch?: (url: string, init: RequestInit) => Promise<unknown>;
}

/**
 * Sends one beacon and forgets it: `sendBeacon` when the browser has one (it survives the page
 * being left), else a keepalive fetch. With the display id `GET /ads` gave, as JSON; without one,
 * with no body at all, as the spec sends it. A report that cannot be sent is silent (spec
 * section 8).
 */
export function sendAdBeacon(
  adId: string,
  beacon: AdBeacon,
  displayId: string | undefined,
  transport: BeaconTransport,
): void {
  const url = adBeaconUrl(adId, beacon);
  const body = displayId === undefined ? undefined : JSON.stringify({ displayId });
  try {
    // The Blob's type makes the beacon a JSON request the API reads like any other.
    const data = body === undefined ? undefined : new Blob([body], { type: 'application/json' });
    if (transport.sendBeacon?.(url, data)) return;
    void transport
      .fetch?.(url, {
        method: 'POST',
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body }),
        keepalive: true,
      })
      .catch(() => undefined);
  } catch {
    // Ignored: see above.
  }
}

/** An ad as the slot shows it: with the display id its slot's answer gave, when it gave one. */
export interface DisplayedAd {
  readonly id: string;
  readonly displayId?: string;
}

export interface DisplaySession {
  /** The ad is on screen in the slot: its impression, the first time only. */
  shown(ad: DisplayedAd): void;
  /** Half the ad was in view, in a focused tab, for a second (MRC): the first time only. */
  viewable(ad: DisplayedAd): void;
  /** The visitor followed the ad: the first time only (the server counts one click a display). */
  clicked(ad: DisplayedAd): void;
}

/**
 * The displays of one slot while it is on a page: each ad's beacons are sent once, however often
 * the rotation comes back to it, all with the display id the ad had when it was first shown (an
 * answer fetched again meanwhile brings new ids, which would be new displays). The server counts
 * a display id once too, and its click only after its impression; this only spares it the
 * repeats.
 */
export function createDisplaySession(
  send: (adId: string, beacon: AdBeacon, displayId: string | undefined) => void,
): DisplaySession {
  const displays = new Map<string, { id: string | undefined; sent: Set<AdBeacon> }>();
  const report = (ad: DisplayedAd, beacon: AdBeacon) => {
    let display = displays.get(ad.id);
    if (!display) {
      display = { id: ad.displayId, sent: new Set() };
      displays.set(ad.id, display);
    }
    if (display.sent.has(beacon)) return;
    display.sent.add(beacon);
    send(ad.id, beacon, display.id);
  };
  return {
    shown: (ad) => report(ad, 'impression'),
    viewable: (ad) => report(ad, 'viewable-impression'),
    clicked: (ad) => report(ad, 'click'),
  };
}
