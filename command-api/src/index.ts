import { type Endpoint, type Logger, type Mailer, type RateLimiter, rateLimiter } from '@cinefold/platform';
import { readMemberLists } from '@cinefold/read-models';
import {
  type AdBeacon,
  type AdBeaconDependencies,
  adBeaconEndpoints,
  adBeaconRecorder,
  BEACONS,
  type BeaconKind,
} from './ads/beacons.js';
import { adminAdsEndpoints } from './ads/admin-routes.js';
import { Accounts } from './accounts/accounts.js';
import { accountEndpoints } from './accounts/routes.js';
import { type UploadDependencies, uploadEndpoint } from './catalogue/upload.js';
import { visibilityEndpoints } from './catalogue/visibility.js';
import { libraryEndpoints } from './library/routes.js';
import { listFileEndpoint, type MyDataDependencies, myDataEndpoints } from './library/my-data.js';
import { type ReplayDependencies, replayEndpoint } from './projections/routes.js';
import { operationsEndpoints } from './projections/operations.js';
import { type ContactDependencies, contactEndpoint } from './support/contact.js';
import {
  type PageViewRequest,
  pageViewRecorder,
  TRACK_RATE_LIMIT,
  type TrackDependencies,
  trackEndpoint,
} from './traffic/track.js';
import type { AppendResult } from '@cinefold/platform';

export { Accounts } from './accounts/accounts.js';
export { importListFile } from './library/list-import.js';

export interface CommandApiDependencies
  extends
    ContactDependencies,
    ReplayDependencies,
    UploadDependencies,
    Omit<MyDataDependencies, 'log' | 'redis' | 'dataDir'>,
    TrackDependencies,
    AdBeaconDependencies {
  readonly jwtSecret: string;
  /** The mail to members (reset and confirmation links). */
  readonly mailer: Mailer;
  readonly logger: Logger;
  /** The time account commands are decided at (tests move it to see a link expire). */
  readonly clock?: () => Date;
}

export {
  AD_CLICK_RATE_LIMIT,
  AD_IMPRESSION_RATE_LIMIT,
  BEACONS,
  type BeaconKind,
  beaconSchemas,
} from './ads/beacons.js';
export { TRACK_RATE_LIMIT, trackSchemas } from './traffic/track.js';
export type { AdBeacon, PageViewRequest };

/**
 * The high-volume commands (page views, ad beacons) and their rate limits, made once for their
 * endpoints: one visitor hasher, one batch of ad look-ups, the same limits.
 */
export interface HighVolumeCommands {
  /** Null when the view is dropped (a bot, the back office). */
  recordPageView(view: PageViewRequest): Promise<AppendResult | null>;
  /** Throws a 404 `HttpError` for an ad no slot serves, a 400 for a display id not issued for it. */
  recordAdBeacon(beacon: AdBeacon): Promise<AppendResult>;
  readonly pageViewLimit: RateLimiter;
  /** The limit each kind of beacon counts in (impressions and viewable impressions share one). */
  readonly adBeaconLimits: Readonly<Record<BeaconKind, RateLimiter>>;
}

export function highVolumeCommands(deps: TrackDependencies & AdBeaconDependencies): HighVolumeCommands {
  return {
    recordPageView: pageViewRecorder(deps),
    recordAdBeacon: adBeaconRecorder(deps),
    pageViewLimit: rateLimiter(deps.redis, TRACK_RATE_LIMIT),
    adBeaconLimits: Object.fromEntries(
      Object.entries(BEACONS).map(([kind, { limit }]) => [kind, rateLimiter(deps.redis, limit)]),
    ) as Record<BeaconKind, RateLimiter>,
  };
}

/**
 * The writes of the /api surface declared as endpoints (see platform's `endpoint.ts`), served by
 * Express and, the hot ones, by the gateway's fast lane.
 */
export function commandEndpoints(
  deps: CommandApiDependencies,
  highVolume: HighVolumeCommands = highVolumeCommands(deps),
): Endpoint[] {
  const accounts = new Accounts(deps.log, (userId) => readMemberLists(deps.redis, deps.watcher, userId));
  return [
    ...highVolumeEndpoints(highVolume),
    ...accountEndpoints({
      accounts,
      redis: deps.redis,
      jwtSecret: deps.jwtSecret,
      mailer: deps.mailer,
      logger: deps.logger.child('accounts'),
      ...(deps.publicUrl ? { publicUrl: deps.publicUrl } : {}),
      ...(deps.clock ? { clock: deps.clock } : {}),
    }),
    contactEndpoint(deps),
    ...libraryEndpoints(deps),
    listFileEndpoint(deps),
    ...myDataEndpoints(deps, (userId) => accounts.aboutMember(userId)),
    replayEndpoint(deps),
    ...operationsEndpoints(deps),
    ...visibilityEndpoints(deps),
    uploadEndpoint(deps),
    ...adminAdsEndpoints(deps),
  ];
}

/** Page views and ad beacons: the hot writes. */
export function highVolumeEndpoints(highVolume: HighVolumeCommands): Endpoint[] {
  return [
    trackEndpoint(highVolume.recordPageView, highVolume.pageViewLimit),
    ...adBeaconEndpoints(highVolume.recordAdBeacon, highVolume.adBeaconLimits),
  ];
}

export { DEMO_SIZE, requestDemoCatalogue } from './catalogue/demo.js';
