export const siteName = 'Cinefold';

export const siteTagline = 'Stream and discover movies and TV shows, free.';

export const siteDescription =
  'Cinefold is a free place to stream and discover movies and TV shows. Browse by genre, ' +
  'see what is trending and keep your favorites and watchlist in one place.';
