/**
 * The slots' beacons: an ad shown (`/ads/{id}/impression`), seen by the MRC standard
 * (`/ads/{id}/viewable-impression`), clicked (`/ads/{id}/click`). Thousands a second and decided
 * against nothing: each is appended through group commit to the day's beacon stream, after one
 * check per ad (is a slot serving it today: one read of the ads read model).
 *
 * The spec's call has no body, and is counted each time it is sent: nothing in it tells one
 * display from another, so only the per-network limits bound what a client can add. A beacon that
 * carries a display id issued by `GET /ads` is counted once per display by the counters'
 * projector, and a click or viewable impression only after that display's impression.
 */
import { adBeaconRequest, adParams, type AdFields, type CinefoldEvent, streams } from '@cinefold/contracts';
import {
  type AdDisplayIds,
  type AppendResult,
  badRequest,
  type Endpoint,
  endpoint,
  type EventContext,
  eventContext,
  type GroupCommit,
  noContent,
  notFound,
  type RateLimiter,
  type RateLimitRule,
  servedOn,
  siteDay,
  TurnBatch,
} from '@cinefold/platform';
import { decodeAd, readStoredAds } from '@cinefold/read-models';
import type { Redis } from 'ioredis';

export interface AdBeaconDependencies {
  readonly redis: Redis;
  /** The shared group commit of the high-volume appends. */
  readonly beacons: GroupCommit;
  readonly siteTimeZone: string;
  /** Checks the display ids that `GET /ads` issued. */
  readonly displayIds: AdDisplayIds;
}

export const beaconSchemas = { params: adParams, body: adBeaconRequest };

/**
 * A page shows a handful of ads, each reporting an impression and a viewable impression per
 * display: far below this, even for a school or an office behind one address. A script sending
 * them in a loop is stopped here, answered 429, rather than growing the log.
 */
export const AD_IMPRESSION_RATE_LIMIT = {
  name: 'ad-impressions',
  limit: 600,
  windowSeconds: 60,
  message: 'Too many ad reports from your network. Please wait a minute.',
} as const satisfies RateLimitRule;

/**
 * Clicks are what advertisers pay most for and people make fewest of (a few in a hundred
 * impressions): a tenth of the impressions' limit still leaves a busy network room.
 */
export const AD_CLICK_RATE_LIMIT = {
  name: 'ad-clicks',
  limit: 60,
  windowSeconds: 60,
  message: 'Too many ad clicks from your network. Please wait a minute.',
} as const satisfies RateLimitRule;

/** The beacons' routes (`/ads/{id}/{kind}`), the event each records and the limit it counts in. */
export const BEACONS = {
  impression: { event: 'AdImpressionRecorded', limit: AD_IMPRESSION_RATE_LIMIT },
  'viewable-impression': { event: 'AdViewableImpressionRecorded', limit: AD_IMPRESSION_RATE_LIMIT },
  click: { event: 'AdClicked', limit: AD_CLICK_RATE_LIMIT },
} as const satisfies Record<string, { event: CinefoldEvent['type']; limit: RateLimitRule }>;

export type BeaconKind = keyof typeof BEACONS;

/** One beacon as its request gives it: validated, and who sent it when. */
export interface AdBeacon {
  readonly kind: BeaconKind;
  readonly adId: string;
  readonly displayId: string | undefined;
  readonly context: EventContext;
}

type AdWindow = Pick<AdFields, 'active' | 'startDate' | 'endDate'>;

/**
 * Records one beacon: 404 for an ad no slot serves today (unknown, deleted, switched off, outside
 * its dates), 400 for a display id this site did not issue for the ad. Used by the beacons' endpoints.
 */
export function adBeaconRecorder({
  redis,
  beacons,
  siteTimeZone,
  displayIds,
}: AdBeaconDependencies): (beacon: AdBeacon) => Promise<AppendResult> {
  // The last JSON read of each ad and what it says: an ad changes rarely, and its JSON (up to
  // 20 kB of embed code) is parsed again only when it did.
  const windows = new Map<string, { json: string; window: AdWindow }>();
  const windowOf = (adId: string, json: string): AdWindow => {
    const known = windows.get(adId);
    if (known?.json === json) return known.window;
    const { active, startDate, endDate } = decodeAd(json);
    const window = { active, startDate, endDate };
    if (windows.size >= 10_000) windows.clear();
    windows.set(adId, { json, window });
    return window;
  };
  // The beacons of one turn of the event loop look their ads up together: two calls to Redis per
  // turn instead of two per beacon (see TurnBatch).
  const adWindows = new TurnBatch<string, AdWindow | null>(async (adIds) => {
    const distinct = [...new Set(adIds)];
    const found = await readStoredAds(redis, distinct);
    const byId = new Map(distinct.map((adId, i) => [adId, found[i] ? windowOf(adId, found[i]) : null]));
    return adIds.map((adId) => byId.get(adId)!);
  });

  return async ({ kind, adId, displayId, context }) => {
    const day = siteDay(siteTimeZone, context.now);
    const window = await adWindows.ask(adId);
    if (window === null || !servedOn(window, day)) throw notFound('Ad not found');
    const check = displayId === undefined ? null : displayIds.check(adId, displayId, context.now.getTime());
    if (check === 'forged') throw badRequest('displayId was not given by GET /ads for this ad.');
    // An expired id can no longer be checked for repeats: its beacon counts as one without an id.
    const data = check === 'current' ? { adId, displayId: displayId! } : { adId };
    return beacons.append(streams.adBeacons(day), [{ type: BEACONS[kind].event, data }], context);
  };
}

/**
 * POST /api/ads/{id}/{kind}, one endpoint per kind, validated before its limit. A member's beacon
 * answers with its position (read your own writes); a guest's does not (`positionHeader`).
 */
export function adBeaconEndpoints(
  record: (beacon: AdBeacon) => Promise<AppendResult>,
  limiters: Readonly<Record<BeaconKind, RateLimiter>>,
): Endpoint[] {
  return (Object.keys(BEACONS) as BeaconKind[]).map((kind) =>
    endpoint({
      method: 'POST',
      path: `/api/ads/:id/${kind}`,
      schemas: beaconSchemas,
      access: 'anyone',
      limits: [{ limiter: limiters[kind] }],
      hot: true,
      handle: async ({ params, body, caller, now }) => {
        const result = await record({
          kind,
          adId: params.id,
          displayId: body.displayId,
          context: eventContext(caller, { now }),
        });
        return noContent(result.position);
      },
    }),
  );
}
