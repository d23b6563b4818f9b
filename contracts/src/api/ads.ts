/**
 * Ads (spec sections 3, 4, 5 and 7): where an ad may run, the one schema the admin form and the
 * server both validate an ad with, and the answers of `/ads` and `/admin/ads`.
 */
import { z } from 'zod';
import { GENRES } from '../constants.js';
import { href } from '../site-map.js';

/** The slots of spec section 3, value and label, in the order the admin form lists them. */
export const AD_POSITION_LABELS = {
  'home-hero': 'Home - Hero Banner',
  'home-mid': 'Home - Mid Page',
  'movies-top': 'Movies - Top Banner',
  'tv-top': 'TV Shows - Top Banner',
  'details-top': 'Details - Top Banner',
  'details-sidebar': 'Details - Sidebar',
  'details-bottom': 'Details - Bottom Banner',
  'global-bottom': 'Global - Bottom of Page',
} as const;
export type SpecAdPosition = keyof typeof AD_POSITION_LABELS;
export const SPEC_AD_POSITIONS = Object.keys(AD_POSITION_LABELS) as SpecAdPosition[];

/**
 * The landing pages' slots, named after their page as the site's pages name them: a top and a
 * bottom slot per genre page, a top slot on the Marvel, top-100 and trending pages, and one on
 * every year page (`movies-2024-top`), whose years are open-ended and so matched by pattern.
 */
export const LANDING_AD_POSITIONS: readonly string[] = [
  ...GENRES.map(({ slug }) => href('genre', { genre: slug }).slice(1)).flatMap((page) => [
    `${page}-top`,
    `${page}-bottom`,
  ]),
  'marvel-movies-top',
  'top-100-movies-top',
  'trending-movies-top',
];
const YEAR_PAGE_POSITION = /^movies-\d{4}-top$/;

const KNOWN_POSITIONS: ReadonlySet<string> = new Set([...SPEC_AD_POSITIONS, ...LANDING_AD_POSITIONS]);

export function isAdPosition(value: string): boolean {
  return KNOWN_POSITIONS.has(value) || YEAR_PAGE_POSITION.test(value);
}

/** A slot's label for the admin cards: section 3's words, or the landing page's name. */
export function adPositionLabel(position: string): string {
  if (position in AD_POSITION_LABELS) return AD_POSITION_LABELS[position as SpecAdPosition];
  const edge = position.endsWith('-bottom') ? 'Bottom Banner' : 'Top Banner';
  const slug = position.replace(/-(top|bottom)$/, '');
  // A genre page is named as the site names it: "Sci-Fi Movies", its hyphen kept.
  const genre = GENRES.find((each) => href('genre', { genre: each.slug }) === `/${slug}`);
  const page = genre
    ? `${genre.label} Movies`
    : slug
        .split('-')
        .map((word) => (word === 'tv' ? 'TV' : word.charAt(0).toUpperCase() + word.slice(1)))
        .join(' ');
  return `${page} - ${edge}`;
}

export const adPosition = z
  .string({ error: 'Position is required' })
  .refine(isAdPosition, 'Position must be one of the site’s ad slots');

export const AD_TYPES = ['image', 'network'] as const;
export const AD_PROVIDERS = ['evadav', 'ad-maven', 'custom'] as const;
/** An embed code is a network's snippet, not a page: this bounds what every slot downloads. */
export const EMBED_CODE_MAX = 20_000;

const isWebAddress = (value: string) => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/** An address a visitor's browser will open or load: http(s) only, so never `javascript:`. */
const webAddress = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(2048, `${label} must be at most 2048 characters`)
    .refine((value) => value === '' || isWebAddress(value), `${label} must be an http or https address`);

const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** A day (spec: date part only); empty or null means no bound. */
const adDate = (label: string) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be a date (YYYY-MM-DD)` })
    .optional()
    .transform((value) =>
      value === undefined || value === null || value.trim() === '' ? null : value.trim(),
    )
    .refine((value) => value === null || isCalendarDate(value), `${label} must be a date (YYYY-MM-DD)`);

/**
 * An ad as the admin form sends it (POST and PUT /admin/ads). Not strict: the toggle sends the
 * whole ad back as `GET /admin/ads` gave it (id, counters, times), and those read-only fields are
 * dropped, never stored.
 */
export const adInput = z
  .object({
    title: z
      .string({ error: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(200, 'Title must be at most 200 characters'),
    description: z
      .string({ error: 'Description must be text' })
      .trim()
      .max(2000, 'Description must be at most 2000 characters')
      .optional()
      .transform((v) => v ?? ''),
    type: z
      .enum(AD_TYPES, { error: 'Type must be image or network' })
      .optional()
      .transform((v) => v ?? 'image'),
    provider: z
      .enum(AD_PROVIDERS, { error: 'Provider must be evadav, ad-maven or custom' })
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    embedCode: z
      .string({ error: 'Embed code must be text' })
      .max(EMBED_CODE_MAX, `Embed code must be at most ${EMBED_CODE_MAX} characters`)
      .optional()
      .transform((v) => v ?? ''),
    imageUrl: webAddress('Image URL')
      .optional()
      .transform((v) => v ?? ''),
    linkUrl: webAddress('Link URL')
      .optional()
      .transform((v) => v ?? ''),
    position: adPosition,
    active: z
      .boolean({ error: 'Active must be true or false' })
      .optional()
      .transform((v) => v ?? true),
    startDate: adDate('Start date'),
    endDate: adDate('End date'),
  })
  .superRefine((ad, ctx) => {
    if (ad.type === 'image' && ad.imageUrl === '') {
      ctx.addIssue({ code: 'custom', path: ['imageUrl'], message: 'Image URL is required for an image ad' });
    }
    if (ad.type === 'network' && ad.embedCode.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['embedCode'],
        message: 'Embed code is required for a network ad',
      });
    }
    if (ad.startDate && ad.endDate && ad.endDate < ad.startDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: 'The end date must not be before the start date',
      });
    }
  })
  // Spec section 4: saved with a type other than network, an ad has no provider and no embed code.
  .transform((ad) => (ad.type === 'network' ? ad : { ...ad, provider: null, embedCode: '' }));
export type AdInput = z.output<typeof adInput>;

/** The fields of an ad as stored in its events: what the form sends, normalized. */
export const adFields = z.object({
  title: z.string(),
  description: z.string(),
  type: z.enum(AD_TYPES),
  provider: z.enum(AD_PROVIDERS).nullable(),
  embedCode: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  position: z.string(),
  active: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type AdFields = z.infer<typeof adFields>;

export const adParams = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'id is not an ad id') });

/** An ad as the read models keep it. */
export interface PublicAd extends AdFields {
  readonly id: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * A display id as `GET /ads` hands it out: 24 bytes in base64url (issued at, a nonce, a MAC bound
 * to the ad; see platform's `AdDisplayIds`). Opaque to clients.
 */
export const AD_DISPLAY_ID = /^[A-Za-z0-9_-]{32}$/;

/**
 * An ad as a slot reads it (`GET /ads?position=`): with a display id issued for this answer, for
 * the slot to send back with the beacons of this display.
 */
export interface SlotAd extends PublicAd {
  readonly displayId: string;
}

/**
 * Where the site's day (in its time zone) stands against an ad's date window, whose ends are whole
 * days and included: before it, inside it, or past it. An ad without dates is always running.
 */
export type AdSchedule = 'scheduled' | 'running' | 'expired';

/** An ad as the back office reads it (`GET /admin/ads`): with its counters and its schedule today. */
export interface AdminAd extends PublicAd {
  readonly schedule: AdSchedule;
  readonly impressions: number;
  readonly viewableImpressions: number;
  readonly clicks: number;
}

export const adsQuery = z.object({ position: adPosition });

/**
 * A beacon of a slot (`POST /ads/{id}/impression|viewable-impression|click`). The spec's call has
 * no body at all; a slot that got a display id from `GET /ads` may send it back, and the beacon is
 * then counted once per display (a click or viewable impression only after its impression).
 */
export const adBeaconRequest = z.object({
  displayId: z
    .string({ error: 'displayId must be text' })
    .regex(AD_DISPLAY_ID, 'displayId must be a display id given by GET /ads')
    .nullish()
    .transform((v) => v ?? undefined),
});

/** The totals of the dashboard's `adStats`. */
export interface AdStats {
  readonly totalImpressions: number;
  readonly totalClicks: number;
}
