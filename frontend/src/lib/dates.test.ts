import { describe, expect, it } from 'vitest';
import { formatLongDate, formatRelativeDate } from './dates';

const now = new Date('2025-03-20T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('dates', () => {
  it('writes dates in the US long format', () => {
    expect(formatLongDate('2025-03-05T10:00:00Z')).toBe('March 5, 2025');
    expect(formatLongDate('not a date')).toBe('');
    expect(formatLongDate(null)).toBe('');
  });

  it('writes every day of the year as the browser writes the US long format', () => {
    const us = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
    for (let day = 0; day < 366; day++) {
      const date = new Date(2024, 0, 1 + day);
      expect(formatLongDate(date)).toBe(us.format(date));
    }
  });

  it('writes a release date as that calendar day, whatever the time zone', () => {
    expect(formatLongDate('2010-07-15')).toBe('July 15, 2010');
    expect(formatLongDate('2011-01-01')).toBe('January 1, 2011');
  });

  it('says how long ago something happened within the last week', () => {
    expect(formatRelativeDate(ago(20_000), now)).toBe('just now');
    expect(formatRelativeDate(ago(-5_000), now)).toBe('just now');
    expect(formatRelativeDate(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatRelativeDate(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(formatRelativeDate(ago(26 * 3_600_000), now)).toBe('yesterday');
    expect(formatRelativeDate(ago(3 * 86_400_000), now)).toBe('3 days ago');
  });

  it('gives the date itself for anything older than a week', () => {
    expect(formatRelativeDate('2025-01-02T12:00:00Z', now)).toBe('January 2, 2025');
  });
});
