import { siteDay, startOfDay } from '@cinefold/platform';
import { describe, expect, it } from 'vitest';

describe('the site’s day', () => {
  it('is the calendar day where the site is run, not where the server is', () => {
    const noonUtc = new Date('2025-03-01T12:00:00Z');
    expect(siteDay('UTC', noonUtc)).toBe('2025-03-01');
    expect(siteDay('Pacific/Kiritimati', noonUtc)).toBe('2025-03-02');
    expect(siteDay('America/Los_Angeles', new Date('2025-03-01T05:00:00Z'))).toBe('2025-02-28');
  });

  it('changes at midnight to the millisecond, asked in any order', () => {
    const instants = [
      ['2025-03-01T23:59:59.999Z', '2025-03-01'],
      ['2025-03-02T00:00:00.000Z', '2025-03-02'],
      ['2025-03-01T23:59:00.000Z', '2025-03-01'],
      ['2025-03-02T00:00:59.999Z', '2025-03-02'],
    ] as const;
    for (const [instant, day] of instants) expect(siteDay('UTC', new Date(instant))).toBe(day);
    // Kolkata is 5:30 ahead of UTC: its midnight is at half past the hour.
    expect(siteDay('Asia/Kolkata', new Date('2025-03-01T18:29:59.999Z'))).toBe('2025-03-01');
    expect(siteDay('Asia/Kolkata', new Date('2025-03-01T18:30:00.000Z'))).toBe('2025-03-02');
  });
});

describe("the site's days for the dashboard", () => {
  it.each([
    ['UTC', '2026-03-29', '2026-03-29T00:00:00.000Z'],
    ['Europe/Paris', '2026-01-15', '2026-01-14T23:00:00.000Z'],
    ['Europe/Paris', '2026-07-15', '2026-07-14T22:00:00.000Z'],
    // Clocks go forward at 02:00 that night: the day still starts at midnight, winter time.
    ['Europe/Paris', '2026-03-29', '2026-03-28T23:00:00.000Z'],
    ['Europe/Paris', '2026-03-30', '2026-03-29T22:00:00.000Z'],
    ['America/New_York', '2026-11-01', '2026-11-01T04:00:00.000Z'],
    ['America/New_York', '2026-11-02', '2026-11-02T05:00:00.000Z'],
    ['Asia/Kolkata', '2026-05-01', '2026-04-30T18:30:00.000Z'],
  ])('start in %s on %s at %s', (zone, day, instant) => {
    expect(new Date(startOfDay(zone, day)).toISOString()).toBe(instant);
  });
});
