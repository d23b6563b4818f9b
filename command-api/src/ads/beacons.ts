/**
 * The slots' beacons: an ad shown (`/ads/{id}/impression`), seen by the MRC standard
 * (`/ads/{id}/viewable-impression`), clicked (`/ads/{id}/click`). Thousands a second and decided
 * against nothing: each is appended through group commit to the day's beacon stream, with no
 * check per ad beyond "does it exist" (one read of the ads read model). A beacon sent again with
 * the same display id is counted once by the counters' projector.
 */
import { adBeaconRequest, adParams, type CinefoldEvent, streams } from '@cinefold/contracts';
import {
  ADS,
  type AppendResult,
  type EventContext,
  eventContext,
  type GroupCommit,
  notFound,
  rateLimit,
  readModelKeys,
  sendPosition,
  siteDay,
  TurnBatch,
  validate,
  validated,
} from '@cinefold/platform';
import { Router } from 'express';
import type { Redis } from 'ioredis';

export interface AdBeaconDependencies {
  readonly redis: Redis;
  /** The shared group commit of the high-volume appends. */
  readonly beacons: GroupCommit;
  readonly siteTimeZone: string;
}

export const beaconSchemas = { params: adParams, body: adBeaconRequest };

/** The beacons' routes (`/ads/{id}/{kind}`) and the event each records. */
export const BEACONS = {
  impression: 'AdImpressionRecorded',
  'viewable-impression': 'AdViewableImpressionRecorded',
  click: 'AdClicked',
} as const satisfies Record<string, CinefoldEvent['type']>;

export type BeaconKind = keyof typeof BEACONS;

/**
 * A page shows a handful of ads, each reporting a few beacons per display: far below this. A
 * script sending them in a loop is stopped here, answered 429, rather than growing the log.
 */
export const AD_BEACON_RATE_LIMIT = {
  name: 'ad-beacons',
  limit: 600,
  windowSeconds: 60,
  message: 'Too many ad reports from your network. Please wait a minute.',
} as const;

/** One beacon as its request gives it: validated, and who sent it when. */
export interface AdBeacon {
  readonly kind: BeaconKind;
  readonly adId: string;
  readonly displayId: string;
  readonly context: EventContext;
}

/**
 * Records one beacon (404 for an ad that does not exist). Used by the Express routes and by the
 * gateway's pre-Express path alike.
 */
export function adBeaconRecorder({
  redis,
  beacons,
  siteTimeZone,
}: AdBeaconDependencies): (beacon: AdBeacon) => Promise<AppendResult> {
  // The beacons of one turn of the event loop look their ads up together: two calls to Redis per
  // turn instead of two per beacon (see TurnBatch).
  const adsExist = new TurnBatch<string, boolean>(async (adIds) => {
    const active = await redis.get(readModelKeys.active(ADS.projector));
    if (active === null) return adIds.map(() => false);
    const all = readModelKeys.key(ADS.projector, Number(active), ADS.all);
    const distinct = [...new Set(adIds)];
    const pipeline = redis.pipeline();
    for (const adId of distinct) pipeline.hexists(all, adId);
    const replies = (await pipeline.exec()) ?? [];
    const found = new Map<string, boolean>();
    distinct.forEach((adId, i) => {
      const [error, exists] = replies[i] ?? [new Error('no reply from Redis')];
      if (error) throw error;
      found.set(adId, exists === 1);
    });
    return adIds.map((adId) => found.get(adId)!);
  });

  return async ({ kind, adId, displayId, context }) => {
    if (!(await adsExist.ask(adId))) throw notFound('Ad not found');
    return beacons.append(
      streams.adBeacons(siteDay(siteTimeZone, context.now)),
      [{ type: BEACONS[kind], data: { adId, displayId } }],
      context,
    );
  };
}

export function adBeaconsRouter(deps: AdBeaconDependencies, record = adBeaconRecorder(deps)): Router {
  const router = Router();
  const perClient = rateLimit(deps.redis, AD_BEACON_RATE_LIMIT);
  for (const kind of Object.keys(BEACONS) as BeaconKind[]) {
    router.post(`/ads/:id/${kind}`, validate(beaconSchemas), perClient, async (req, res) => {
      const { params, body } = validated(req, beaconSchemas);
      const result = await record({
        kind,
        adId: params.id,
        displayId: body.displayId,
        context: eventContext(req),
      });
      sendPosition(res, result);
      res.status(204).end();
    });
  }
  return router;
}
