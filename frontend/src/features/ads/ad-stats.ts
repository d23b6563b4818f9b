import { clickThroughPercent } from '../../lib/numbers';

/** An ad card's click-through rate: its figures keep two decimals, 0.00 with no impressions yet. */
export function clickThroughRate(clicks: number, impressions: number): string {
  return clickThroughPercent(clicks, impressions) ?? '0.00';
}
