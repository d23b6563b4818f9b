import { adCountersProjector } from './ad-counters/projection.js';
import { activityProjector } from './activity/projection.js';
import { adsProjector } from './ads/projection.js';
import { auditProjector } from './audit/projection.js';
import { CATALOGUE } from './catalogue/keys.js';
import { createCatalogueProjector } from './catalogue/projection.js';
import { contactMessagesProjector } from './contact-messages/projection.js';
import { eventCountsProjector } from './event-counts/projection.js';
import { librariesProjector } from './libraries/projection.js';
import type { Projector } from './runtime/projector.js';
import { trafficProjector } from './traffic/projection.js';
import { upNextProjector } from './up-next/projection.js';
import { usersProjector } from './users/projection.js';

/**
 * A read model as its host keeps it. `create` makes the projector that writes it: each live
 * runner and each rebuild makes its own, since a projector may keep state between batches.
 */
export interface RegisteredProjector {
  readonly name: string;
  create(): Projector;
}

/** A projector that keeps nothing between batches: one instance serves every runner. */
export const stateless = (projector: Projector): RegisteredProjector => ({
  name: projector.name,
  create: () => projector,
});

/** Every read model, in the order operators see them. A new read model is added here. */
export const readModels: readonly RegisteredProjector[] = [
  stateless(eventCountsProjector),
  stateless(usersProjector),
  stateless(librariesProjector),
  stateless(activityProjector),
  stateless(upNextProjector),
  stateless(adsProjector),
  stateless(adCountersProjector),
  { name: CATALOGUE.projector, create: createCatalogueProjector },
  stateless(trafficProjector),
  stateless(contactMessagesProjector),
  stateless(auditProjector),
];
