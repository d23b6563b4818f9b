import { Router } from 'express';
import { type AdBeaconDependencies, adBeaconsRouter } from './ads/beacons.js';
import { adminAdsRouter } from './ads/admin-routes.js';
import { Accounts } from './accounts/accounts.js';
import { accountsRouter } from './accounts/routes.js';
import { type UploadDependencies, uploadRouter } from './catalogue/upload.js';
import { visibilityRouter } from './catalogue/visibility.js';
import { libraryRouter } from './library/routes.js';
import { type ReplayDependencies, replayRouter } from './projections/routes.js';
import { operationsRouter } from './projections/operations.js';
import { type ContactDependencies, contactRouter } from './support/contact.js';
import { type TrackDependencies, trackRouter } from './traffic/track.js';

export { Accounts } from './accounts/accounts.js';

export interface CommandApiDependencies
  extends
    ContactDependencies,
    ReplayDependencies,
    UploadDependencies,
    TrackDependencies,
    AdBeaconDependencies {
  readonly jwtSecret: string;
}

/** Every write of the /api surface, to be mounted under /api after `authenticate`. */
export function createCommandRouter(deps: CommandApiDependencies): Router {
  const router = Router();
  // The high-volume routes first: thousands of requests a second need not be matched against the others.
  router.use(trackRouter(deps));
  router.use(adBeaconsRouter(deps));
  router.use(contactRouter(deps));
  router.use(
    accountsRouter({ accounts: new Accounts(deps.log), redis: deps.redis, jwtSecret: deps.jwtSecret }),
  );
  router.use(libraryRouter(deps));
  router.use(replayRouter(deps));
  router.use(operationsRouter(deps));
  router.use(uploadRouter(deps));
  router.use(visibilityRouter(deps));
  router.use(adminAdsRouter(deps));
  return router;
}
export { DEMO_SIZE, requestDemoCatalogue } from './catalogue/demo.js';
