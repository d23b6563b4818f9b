/** The fixed genre catalogue (spec section 3): landing-page slug, label and TMDB genre id. */
export const GENRES = [
  { slug: 'action', label: 'Action', id: 28 },
  { slug: 'comedy', label: 'Comedy', id: 35 },
  { slug: 'horror', label: 'Horror', id: 27 },
  { slug: 'drama', label: 'Drama', id: 18 },
  { slug: 'thriller', label: 'Thriller', id: 53 },
  { slug: 'sci-fi', label: 'Sci-Fi', id: 878 },
  { slug: 'romance', label: 'Romance', id: 10749 },
  { slug: 'animation', label: 'Animation', id: 16 },
  { slug: 'crime', label: 'Crime', id: 80 },
  { slug: 'fantasy', label: 'Fantasy', id: 14 },
] as const;

/** Named ad slots (spec section 3): value and label. */
export const AD_POSITIONS = [
  { value: 'home-hero', label: 'Home - Hero Banner' },
  { value: 'home-mid', label: 'Home - Mid Page' },
  { value: 'movies-top', label: 'Movies - Top Banner' },
  { value: 'tv-top', label: 'TV Shows - Top Banner' },
  { value: 'details-top', label: 'Details - Top Banner' },
  { value: 'details-sidebar', label: 'Details - Sidebar' },
  { value: 'details-bottom', label: 'Details - Bottom Banner' },
  { value: 'global-bottom', label: 'Global - Bottom of Page' },
] as const;
export type AdPosition = (typeof AD_POSITIONS)[number]['value'];
