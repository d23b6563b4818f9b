import { describe, expect, it } from 'vitest';
import { clickThroughRate } from './ad-stats';

describe('the click-through rate of an ad', () => {
  it('is clicks over impressions in percent, with two decimals', () => {
    expect(clickThroughRate(1, 3)).toBe('33.33');
    expect(clickThroughRate(2, 3)).toBe('66.67');
    expect(clickThroughRate(5, 5)).toBe('100.00');
  });

  it('is 0 when the ad has no impressions', () => {
    expect(clickThroughRate(0, 0)).toBe('0.00');
    expect(clickThroughRate(3, 0)).toBe('0.00');
  });
});
