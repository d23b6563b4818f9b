/** When an ad is served: its switch and its date window, as the slots, the beacons and the back office judge it. */
import type { AdFields, AdSchedule } from '@cinefold/contracts';

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
