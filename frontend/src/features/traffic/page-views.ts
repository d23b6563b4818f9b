import type { TrackPageViewRequest } from '@cinefold/contracts';
import { API_BASE_PATH } from '../../lib/api-client';

export const TRACK_URL = `${API_BASE_PATH}/analytics/track`;

/** What the browser offers to send a view with; a parameter so a test can watch what is sent. */
export interface Transport {
  readonly sendBeacon?: (url: string, data: Blob) => boolean;
  readonly fetch?: (url: string, init: RequestInit) => Promise<unknown>;
}

/**
 * Sends one view and forgets it: a beacon when the browser has one (it survives the page being
 * left), else a keepalive fetch. A view that cannot be sent is not worth an error for the visitor.
 */
export function sendPageView(view: TrackPageViewRequest, transport: Transport): void {
  const body = JSON.stringify(view);
  try {
    // The Blob's type makes the beacon a JSON request the API reads like any other.
    if (transport.sendBeacon?.(TRACK_URL, new Blob([body], { type: 'application/json' }))) return;
    void transport
      .fetch?.(TRACK_URL, {
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

export interface PageViewTracker {
  /**
   * The visitor is at `address` (path and query). `key` names the navigation: the same one seen
   * twice (a re-rendered effect) is one view, a new one to the same address is another.
   */
  viewed(address: string, key: string): void;
}

/**
 * The views of one visit: the first one's referrer is the browser's (where the visitor came
 * from), each next one's the previous address of the site, as a full URL so the server knows it
 * for its own. Addresses `skip` names (the back office) are neither sent nor referrers.
 */
export function createPageViewTracker(options: {
  readonly origin: string;
  readonly initialReferrer: string;
  readonly skip: (path: string) => boolean;
  readonly send: (view: TrackPageViewRequest) => void;
}): PageViewTracker {
  let lastKey: string | null = null;
  let referrer: string | null = options.initialReferrer || null;
  return {
    viewed(address, key) {
      if (key === lastKey) return;
      lastKey = key;
      if (options.skip(address.split('?')[0]!)) return;
      options.send({ path: address, referrer });
      referrer = `${options.origin}${address}`;
    },
  };
}
