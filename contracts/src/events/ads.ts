/**
 * Ads: an admin's changes to an ad on the ad's own stream (decided against it), and the slots'
 * beacons in one stream per day (decided against nothing, written by group commit).
 */
import { z } from 'zod';
import { adFields } from '../api/ads.js';
import { defineEvent } from './define.js';

const adChange = z.object({ adId: z.string(), adminId: z.string(), ad: adFields });
/**
 * The display the beacon is of, when the slot sent a display id that was still current: counted
 * once per display. Without one (the spec's call has no body), each beacon counts.
 */
const beacon = z.object({ adId: z.string(), displayId: z.string().optional() });

export const AdCreated = defineEvent('AdCreated', adChange);
/** The whole ad after the change (the toggle too sends the whole ad). */
export const AdUpdated = defineEvent('AdUpdated', adChange);
export const AdDeleted = defineEvent('AdDeleted', z.object({ adId: z.string(), adminId: z.string() }));
/** The ad was shown: once per display session of a slot. */
export const AdImpressionRecorded = defineEvent('AdImpressionRecorded', beacon);
/** At least half of the ad was in view, in a focused tab, for one continuous second (MRC). */
export const AdViewableImpressionRecorded = defineEvent('AdViewableImpressionRecorded', beacon);
export const AdClicked = defineEvent('AdClicked', beacon);

export const adEvents = [
  AdCreated,
  AdUpdated,
  AdDeleted,
  AdImpressionRecorded,
  AdViewableImpressionRecorded,
  AdClicked,
] as const;

export const adStreams = {
  ad: (adId: string) => `ad-${adId}`,
  /** One stream a day (the site's time zone), only ever added to. */
  adBeacons: (day: string) => `ad-beacons-${day}`,
} as const;
