import { clickThroughPercent } from '../../lib/numbers';

/** The Ad Performance panel's click-through rate (impressions first, as the panel lists them): 0 with none. */
export function clickThroughRate(impressions: number, clicks: number): string {
  return clickThroughPercent(clicks, impressions) ?? '0';
}

/** The short label of a `YYYY-MM-DD` day on a chart axis: `Nov 24`. */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/**
 * Whether a chart has something to draw: a window of days is always answered in full, zeros
 * included, and a line flat at zero says no more than 'No data available'.
 */
export function hasCounts(points: readonly { readonly count: number }[] | undefined): boolean {
  return points?.some((point) => point.count > 0) ?? false;
}
