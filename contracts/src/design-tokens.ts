/**
 * The design's colours, fonts and header height, in one place: the app's theme is made of them
 * (frontend/src/theme/tokens.ts), and so is the first screen the gateway writes over the app
 * (gateway/src/seo/first-screen.ts), so the page looks the same before and after the app takes it.
 *
 * Each token is `{ value }`, the design-token shape the app's styling system takes as it is.
 *
 * The site is always dark: a warm, slightly violet near-black (projection-room dark rather than
 * pure #000), a curtain-crimson brand colour and an amber accent for ratings and highlights.
 */
export const PALETTE = {
  gray: {
    50: { value: '#f7f5f6' },
    100: { value: '#ece8eb' },
    200: { value: '#d8d3d7' },
    300: { value: '#b9b2b8' },
    400: { value: '#938b93' },
    500: { value: '#6e6770' },
    600: { value: '#4f4951' },
    700: { value: '#3a343c' },
    800: { value: '#27222a' },
    900: { value: '#18151a' },
    950: { value: '#100e11' },
  },
  brand: {
    50: { value: '#fff1f2' },
    100: { value: '#ffe0e1' },
    200: { value: '#ffc6c8' },
    300: { value: '#ff9ea2' },
    400: { value: '#fb6a70' },
    500: { value: '#ef3b43' },
    600: { value: '#d61f28' },
    700: { value: '#b3161e' },
    800: { value: '#94171d' },
    900: { value: '#7b191e' },
    950: { value: '#43070b' },
  },
  amber: {
    200: { value: '#fde68a' },
    300: { value: '#fcd34d' },
    400: { value: '#fbbf24' },
    500: { value: '#f59e0b' },
    600: { value: '#d97706' },
    700: { value: '#b45309' },
  },
  night: { value: '#09080a' },
} as const;

export const FONTS = {
  heading: { value: "'Oswald Variable', 'Oswald', 'Arial Narrow', 'Liberation Sans Narrow', sans-serif" },
  body: {
    value:
      "'Inter Variable', 'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
} as const;

/** The fixed header's height: on small screens, and from the `md` breakpoint (48em) on. */
export const HEADER_HEIGHT = { base: '4rem', md: '4.5rem' } as const;

/** The browser's UI colour: index.html and the web app manifest (static files a test holds to it). */
export const THEME_COLOR = PALETTE.night.value;

/** The standard (IAB) creative sizes the ad slots are made for, in CSS pixels. */
export const AD_SIZES = {
  leaderboard: { width: 728, height: 90 },
  mobileBanner: { width: 320, height: 50 },
  mediumRectangle: { width: 300, height: 250 },
  billboard: { width: 970, height: 250 },
} as const;

export interface AdRoom {
  readonly width: number;
  readonly height: number;
}

/**
 * The room a slot keeps for its creative, on small screens (`base`) and from the `md` breakpoint
 * on: a creative is shown at its own size when it fits, else scaled down whole, centred. The room
 * is the same for every ad of the slot, so a slot never changes height as its ads rotate.
 */
export const AD_SLOT_ROOMS = {
  banner: { base: AD_SIZES.mobileBanner, md: AD_SIZES.leaderboard },
  billboard: { base: AD_SIZES.mediumRectangle, md: AD_SIZES.billboard },
  rectangle: { base: AD_SIZES.mediumRectangle, md: AD_SIZES.mediumRectangle },
} as const satisfies Record<string, { readonly base: AdRoom; readonly md: AdRoom }>;

/** The sidebar holds a rectangle, the home page's middle and every page's bottom a billboard. */
export function adSlotRoom(position: string): (typeof AD_SLOT_ROOMS)[keyof typeof AD_SLOT_ROOMS] {
  if (position === 'details-sidebar') return AD_SLOT_ROOMS.rectangle;
  if (position === 'home-mid' || position === 'global-bottom') return AD_SLOT_ROOMS.billboard;
  return AD_SLOT_ROOMS.banner;
}
