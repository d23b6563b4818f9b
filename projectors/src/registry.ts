import { activityProjector } from './accounts/activity.js';
import { librariesProjector } from './accounts/libraries.js';
import { usersProjector } from './accounts/users.js';
import { catalogueProjector } from './catalogue/catalogue.js';
import { eventCountsProjector } from './health/event-counts.js';
import type { Projector } from './runtime/projector.js';

/** Every projector the projectors service runs. A new read model is added here. */
export const projectors: readonly Projector[] = [
  eventCountsProjector,
  usersProjector,
  librariesProjector,
  activityProjector,
  catalogueProjector,
];

export function findProjectors(names: readonly string[]): Projector[] {
  if (names.length === 0) return [...projectors];
  return names.map((name) => {
    const found = projectors.find((p) => p.name === name);
    if (!found) {
      throw new Error(`Unknown projector "${name}". Known: ${projectors.map((p) => p.name).join(', ')}`);
    }
    return found;
  });
}
