import { describe, expect, it } from 'vitest';
import { runRedisWiped } from '../src/fault-matrix.js';

/** The fault matrix's fourth kind: Redis's data lost while the event store keeps everything. */
describe('the fault matrix, Redis’s data lost', () => {
  it('rebuilds every read model from the event store by itself when Redis has lost its data, saying how far it is', async () => {
    const outcome = await runRedisWiped(4);
    expect(outcome.moviesBefore).toBeGreaterThan(10_000);
    expect(outcome.moviesAfter).toBe(outcome.moviesBefore);
    // Health said "building" with a percentage while the read models were rebuilt.
    expect(outcome.buildingPercents.length).toBeGreaterThan(0);
    for (const verdict of Object.values(outcome.verdicts)) expect(verdict).toBe('equal');
  }, 180_000);
});
