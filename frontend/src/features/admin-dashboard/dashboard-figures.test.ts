import { describe, expect, it } from 'vitest';
import { formatCount } from '../../lib/numbers';
import { clickThroughRate, dayLabel, hasCounts } from './dashboard-figures';

describe('the dashboard figures', () => {
  it('shows the click-through rate as clicks / impressions × 100 with two decimals', () => {
    expect(clickThroughRate(400, 10)).toBe('2.50');
    expect(clickThroughRate(3, 1)).toBe('33.33');
    expect(clickThroughRate(7, 7)).toBe('100.00');
  });

  it('shows a click-through rate of 0 when there are no impressions', () => {
    expect(clickThroughRate(0, 0)).toBe('0');
    expect(clickThroughRate(0, 5)).toBe('0');
  });

  it('writes counts with thousands separators and days as short dates', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(dayLabel('2026-11-24')).toBe('Nov 24');
  });

  it('draws a chart only when some count is above zero', () => {
    expect(hasCounts(undefined)).toBe(false);
    expect(hasCounts([])).toBe(false);
    expect(hasCounts([{ count: 0 }, { count: 0 }])).toBe(false);
    expect(hasCounts([{ count: 0 }, { count: 2 }])).toBe(true);
  });
});
