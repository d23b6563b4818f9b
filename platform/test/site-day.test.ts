import { siteDay } from '@cinefold/platform';
import { describe, expect, it } from 'vitest';

describe('the site’s day', () => {
  it('is the calendar day where the site is run, not where the server is', () => {
    const noonUtc = new Date('2025-03-01T12:00:00Z');
    expect(siteDay('UTC', noonUtc)).toBe('2025-03-01');
    expect(siteDay('Pacific/Kiritimati', noonUtc)).toBe('2025-03-02');
    expect(siteDay('America/Los_Angeles', new Date('2025-03-01T05:00:00Z'))).toBe('2025-02-28');
  });
});
