import { CATALOGUE } from '@cinefold/platform';
import {
  AD_COUNTERS,
  type Projector,
  readModels,
  type RegisteredProjector,
  stateless,
} from '@cinefold/read-models';
import { createCatalogueProjector } from './catalogue/catalogue.js';
import { trafficProjector } from './traffic/traffic.js';

/**
 * Every projector the projectors service runs: the read models of read-models, and the catalogue
 * and traffic, whose modules are still here, in their place in the operators' list (after the ad
 * counters).
 */
const hostedAt = readModels.findIndex((model) => model.name === AD_COUNTERS.projector) + 1;
export const projectors: readonly RegisteredProjector[] = [
  ...readModels.slice(0, hostedAt),
  { name: CATALOGUE.projector, create: createCatalogueProjector },
  stateless(trafficProjector),
  ...readModels.slice(hostedAt),
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
