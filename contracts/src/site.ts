/** The site's own words, shared by the app and the pages the gateway writes. */
export const SITE_NAME = 'Cinefold';
export const SITE_TAGLINE = 'Stream and discover movies and TV shows, free.';
export const SITE_DESCRIPTION =
  'Cinefold is a free place to stream and discover movies and TV shows. Browse by genre, ' +
  'see what is trending and keep your favorites and watchlist in one place.';
