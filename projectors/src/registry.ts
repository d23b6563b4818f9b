import { type Projector, readModels, type RegisteredProjector } from '@cinefold/read-models';

/** Every projector the projectors service runs: one for each read model of read-models. */
export const projectors: readonly RegisteredProjector[] = readModels;

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
