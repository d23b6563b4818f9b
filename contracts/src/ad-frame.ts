/**
 * The message a network ad's frame page sends its slot: `{ type, width, height }`, the unit's size
 * in CSS pixels, each time it changes. Apart from the schemas (api/ads.ts), so that the slot, which
 * every page shows, does not bring the schemas' library into the first download.
 */
export const AD_SIZE_MESSAGE = 'cinefold:ad-size';
