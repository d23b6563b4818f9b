import { AD_DISPLAY_ID } from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';
import { AdDisplayIds, DISPLAY_ID_LIFETIME_SECONDS } from '../src/ads/display-ids.js';

const SECRET = 'a site secret of at least 32 characters';
const ids = new AdDisplayIds(SECRET);
const NOW = Date.parse('2026-03-01T12:00:00Z');
const HOUR = 3_600_000;

describe('a display id', () => {
  it('is of the contract’s form, and new every time it is issued', () => {
    const issued = Array.from({ length: 2000 }, () => ids.issue('ad-1', NOW));
    for (const id of issued) expect(id).toMatch(AD_DISPLAY_ID);
    expect(new Set(issued).size).toBe(issued.length);
  });

  it('is current for its ad through its lifetime, on this site and on another process with the same secret', () => {
    const id = ids.issue('ad-1', NOW);
    expect(ids.check('ad-1', id, NOW)).toBe('current');
    expect(new AdDisplayIds(SECRET).check('ad-1', id, NOW + DISPLAY_ID_LIFETIME_SECONDS * 1000)).toBe(
      'current',
    );
  });

  it('expires after its lifetime, and is not trusted from a clock far ahead', () => {
    const id = ids.issue('ad-1', NOW);
    expect(ids.check('ad-1', id, NOW + (DISPLAY_ID_LIFETIME_SECONDS + 1) * 1000)).toBe('expired');
    expect(ids.check('ad-1', id, NOW - 4 * 60_000)).toBe('current');
    expect(ids.check('ad-1', id, NOW - HOUR)).toBe('expired');
  });

  it('lives less than a day, so that the counters’ two days of seen displays hold all its repeats', () => {
    expect(DISPLAY_ID_LIFETIME_SECONDS * 1000 + 5 * 60_000).toBeLessThan(24 * HOUR);
  });

  it('is forged for another ad, under another secret, changed in any byte, or of another form', () => {
    const id = ids.issue('ad-1', NOW);
    expect(ids.check('ad-2', id, NOW)).toBe('forged');
    expect(new AdDisplayIds(`${SECRET}!`).check('ad-1', id, NOW)).toBe('forged');
    const bytes = Buffer.from(id, 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      const changed = Buffer.from(bytes);
      changed[i] = changed[i]! ^ 1;
      expect(ids.check('ad-1', changed.toString('base64url'), NOW), `byte ${i}`).toBe('forged');
    }
    for (const other of ['', 'display-0001', `${id}A`, id.slice(1), 'A'.repeat(32)]) {
      expect(ids.check('ad-1', other, NOW), other).toBe('forged');
    }
  });
});
