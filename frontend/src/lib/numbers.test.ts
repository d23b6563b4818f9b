import { describe, expect, it } from 'vitest';
import { countOf, formatCount, noun, nounFor } from './numbers';

describe('numbers and counted things', () => {
  it('groups thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(2632)).toBe('2,632');
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });

  it('says "1 view" and "2 views", "0 views" and "1,000 views"', () => {
    const views = noun('view');
    expect(countOf(1, views)).toBe('1 view');
    expect(countOf(2, views)).toBe('2 views');
    expect(countOf(0, views)).toBe('0 views');
    expect(countOf(1000, views)).toBe('1,000 views');
  });

  it('takes a plural that is not the singular and an s', () => {
    const shows = noun('TV show');
    expect(countOf(1, shows)).toBe('1 TV show');
    const entries = noun('entry', 'entries');
    expect(countOf(1, entries)).toBe('1 entry');
    expect(countOf(3, entries)).toBe('3 entries');
    expect(nounFor(1, entries)).toBe('entry');
  });
});
