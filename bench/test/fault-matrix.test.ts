import { describe, expect, it } from 'vitest';
import { FAULT_KINDS, FAULTS, runFault, SUITE_FAULTS } from '../src/fault-matrix.js';

/**
 * A part of the site, Redis, and the whole site, killed with SIGKILL at a random moment of a mixed
 * load (an import under way, page views, ad beacons, a member's list changes, an admin's edits),
 * then started again on the same data: one fault of each kind here (Redis's data lost is in
 * redis-wiped.test.ts, so that the two run side by side).
 * `npm run bench -- faults` runs every fault (each process alone too) with longer loads.
 */
describe('the fault matrix', () => {
  it('keeps one fault of each kind in the suite, and every fault is of a kind', () => {
    const kinds = Object.values(FAULT_KINDS);
    expect(kinds.flat().toSorted()).toEqual([...FAULTS].toSorted());
    for (const faults of kinds) expect(SUITE_FAULTS.filter((f) => faults.includes(f))).toHaveLength(1);
  });

  for (const fault of SUITE_FAULTS) {
    it(`survives kill -9 of ${fault === 'site' ? 'the whole site' : `the ${fault}`}: no accepted write lost, the import exact, every read model equal to its replay`, async () => {
      const outcome = await runFault(fault, { loadMs: 3000, importCopies: 2 });
      // The load ran on both sides of the kill.
      expect(Object.values(outcome.accepted).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      expect(outcome.missing).toBe(0);
      expect(outcome).toMatchObject({
        importState: 'completed',
        importProcessed: outcome.importRows,
        importEvents: outcome.importRows,
        importDistinctLines: outcome.importRows,
      });
      for (const verdict of Object.values(outcome.verdicts)) expect(verdict).toBe('equal');
      expect(Object.keys(outcome.verdicts).length).toBeGreaterThan(5);
    }, 180_000);
  }
});
