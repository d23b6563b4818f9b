/**
 * The ads read models, shared by their projectors and the routers that read them.
 *
 *   ads:           all            hash adId → JSON ad (every ad not deleted): the admin list
 *                  slot:{position} hash adId → JSON ad, active ads only: what a slot reads
 *   ad-counters:   ads            set of the ads not deleted (beacons of others are not counted)
 *                  counts         hash `{adId}:{counter}` → n: every ad's counters in one read
 *                  totals         hash counter → n over the ads not deleted (the dashboard's adStats)
 *                  seen:{counter}:{adId}:{day}  set of display ids counted that day
 */
import type { AdFields, AdSchedule } from '@cinefold/contracts';
export const ADS = {
  projector: 'ads',
  all: 'all',
  slot: (position: string) => ['slot', position],
} as const;

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

/**
 * Whether slots serve the ad on `day` (`YYYY-MM-DD` in the site's time zone): active, and inside
 * its date window, whose ends are whole days and included. `GET /ads` shows only these ads, and
 * only these count beacons.
 */
export function servedOn(ad: Pick<AdFields, 'active' | 'startDate' | 'endDate'>, day: string): boolean {
  return ad.active && scheduleOn(ad, day) === 'running';
}

/** Where `day` (`YYYY-MM-DD` in the site's time zone) stands against the ad's date window. */
export function scheduleOn(ad: Pick<AdFields, 'startDate' | 'endDate'>, day: string): AdSchedule {
  if (ad.startDate !== null && day < ad.startDate) return 'scheduled';
  if (ad.endDate !== null && ad.endDate < day) return 'expired';
  return 'running';
}
