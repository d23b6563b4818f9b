import { API_BASE_PATH } from '../../lib/api-client';

/** What a slot reports about one display of an ad (the routes of `/ads/{id}/...`). */
export type AdBeacon = 'impression' | 'viewable-impression' | 'click';

export function adBeaconUrl(adId: string, beacon: AdBeacon): string {
  return `${API_BASE_PATH}/ads/${encodeURIComponent(adId)}/${beacon}`;
}

/** What the browser offers to send a beacon with; a parameter so a test can watch what is sent. */
export interface BeaconTransport {
  readonly sendBeacon?: (url: string, data: Blob) => boolean;
  readonly fetch?: (url: string, init: RequestInit) => Promise<unknown>;
}

/**
 * Sends one beacon and forgets it: `sendBeacon` when the browser has one (it survives the page
 * being left), else a keepalive fetch. A report that cannot be sent is silent (spec section 8).
 */
export function sendAdBeacon(
  adId: string,
  beacon: AdBeacon,
  displayId: string,
  transport: BeaconTransport,
): void {
  const url = adBeaconUrl(adId, beacon);
  const body = JSON.stringify({ displayId });
  try {
    // The Blob's type makes the beacon a JSON request the API reads like any other.
    if (transport.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) return;
    void transport
      .fetch?.(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        keepalive: true,
      })
      .catch(() => undefined);
  } catch {
    // Ignored: see above.
  }
}

/**
 * A display id: 128 random bits in base64url (22 characters, inside the contract's 8 to 64).
 * `getRandomValues` and not `randomUUID`, which browsers offer only on https and localhost.
 */
export function newDisplayId(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const bytes = random(new Uint8Array(16));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface DisplaySession {
  /** The ad is on screen in the slot: its impression, the first time only. */
  shown(adId: string): void;
  /** Half the ad was in view, in a focused tab, for a second (MRC): the first time only. */
  viewable(adId: string): void;
  /** The visitor followed the ad: the first time only (the server counts one click a display). */
  clicked(adId: string): void;
}

/**
 * The displays of one slot while it is on a page: each ad gets its own display id the first time
 * it is shown, and each of its beacons is sent once, however often the rotation comes back to it.
 * The server counts a display id once too; this only spares it the repeats.
 */
export function createDisplaySession(
  send: (adId: string, beacon: AdBeacon, displayId: string) => void,
  makeId: () => string = newDisplayId,
): DisplaySession {
  const displays = new Map<string, { id: string; sent: Set<AdBeacon> }>();
  const report = (adId: string, beacon: AdBeacon) => {
    let display = displays.get(adId);
    if (!display) {
      display = { id: makeId(), sent: new Set() };
      displays.set(adId, display);
    }
    if (display.sent.has(beacon)) return;
    display.sent.add(beacon);
    send(adId, beacon, display.id);
  };
  return {
    shown: (adId) => report(adId, 'impression'),
    viewable: (adId) => report(adId, 'viewable-impression'),
    clicked: (adId) => report(adId, 'click'),
  };
}
