/**
 * Click-through rate as the Ad Performance panel shows it (spec section 2): clicks / impressions
 * × 100 with two decimals, and 0 when there are no impressions.
 */
export function clickThroughRate(impressions: number, clicks: number): string {
  if (impressions <= 0) return '0';
  return ((clicks / impressions) * 100).toFixed(2);
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
