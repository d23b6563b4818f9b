import {
  activityProjector,
  auditProjector,
  contactMessagesProjector,
  eventCountsProjector,
  librariesProjector,
  type Projector,
  CATALOGUE,
  createCatalogueProjector,
  trafficProjector,
} from '@cinefold/read-models';
import { adCountersProjector } from './ads/ad-counters.js';
import { adsProjector } from './ads/ads.js';
import { upNextProjector } from './accounts/up-next.js';
import { usersProjector } from './accounts/users.js';

/**
 * A read model the projectors service keeps. `create` makes the projector that writes it: each
 * live runner and each rebuild makes its own, since a projector may keep state between batches.
 */
export interface RegisteredProjector {
  readonly name: string;
  create(): Projector;
}

/** A projector that keeps nothing between batches: one instance serves every runner. */
const stateless = (projector: Projector): RegisteredProjector => ({
  name: projector.name,
  create: () => projector,
});

/** Every projector the projectors service runs. A new read model is added here. */
export const projectors: readonly RegisteredProjector[] = [
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

/** New projectors for the read models named (all of them when none is). */
export function findProjectors(names: readonly string[]): Projector[] {
  if (names.length === 0) return projectors.map((p) => p.create());
  return names.map((name) => {
    const found = projectors.find((p) => p.name === name);
    if (!found) {
      throw new Error(`Unknown projector "${name}". Known: ${projectors.map((p) => p.name).join(', ')}`);
    }
    return found.create();
  });
}
