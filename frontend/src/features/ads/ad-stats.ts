/**
 * Click-through rate in percent with two decimals, as the dashboard shows it (spec section 2):
 * clicks / impressions x 100, and 0 when there are no impressions.
 */
export function clickThroughRate(clicks: number, impressions: number): string {
  return (impressions > 0 ? (clicks / impressions) * 100 : 0).toFixed(2);
}
