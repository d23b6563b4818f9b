/**
 * The ad counters read model:
 *
 *   ads                          set of the ads not deleted (beacons of others are not counted)
 *   counts                       hash `{adId}:{counter}` → n: every ad's counters in one read
 *   totals                       hash counter → n over the ads not deleted (the dashboard's adStats)
 *   seen:{counter}:{adId}:{day}  set of display ids counted that day
 */
export const AD_COUNTERS_NAMES = ['impressions', 'viewableImpressions', 'clicks'] as const;
export type AdCounter = (typeof AD_COUNTERS_NAMES)[number];

export const AD_COUNTERS = {
  projector: 'ad-counters',
  live: 'ads',
  counts: 'counts',
  countField: (adId: string, counter: AdCounter) => `${adId}:${counter}`,
  totals: 'totals',
  seen: (counter: AdCounter, adId: string, day: string) => ['seen', counter, adId, day],
} as const;
