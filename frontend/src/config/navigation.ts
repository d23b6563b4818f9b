import { genrePages } from './genres';

export interface NavItem {
  readonly label: string;
  readonly to: string;
}

export const mainNavItems: readonly NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Movies', to: '/movies' },
  { label: 'TV Shows', to: '/tv-shows' },
];

export const genreNavItems: readonly NavItem[] = genrePages.map((genre) => ({
  label: genre.label,
  to: genre.path,
}));

export const topListNavItems: readonly NavItem[] = [
  { label: 'Top 100 Movies', to: '/top-100-movies' },
  { label: 'Trending', to: '/trending-movies' },
  { label: 'Top Rated', to: '/top-rated-movies' },
  { label: 'Best of 2024', to: '/movies-2024' },
  { label: 'Best of 2023', to: '/movies-2023' },
  { label: 'Marvel Movies', to: '/marvel-movies' },
];

const footerGenreSlugs = new Set<string>(['action', 'comedy', 'horror', 'drama', 'sci-fi']);

export const footerGenreItems: readonly NavItem[] = genrePages
  .filter((genre) => footerGenreSlugs.has(genre.slug))
  .map((genre) => ({ label: `${genre.label} Movies`, to: genre.path }));

export const footerPopularItems: readonly NavItem[] = [
  { label: 'Top 100 Movies', to: '/top-100-movies' },
  { label: 'Trending', to: '/trending-movies' },
  { label: 'Best of 2024', to: '/movies-2024' },
  { label: 'Marvel Movies', to: '/marvel-movies' },
  { label: 'Help Center', to: '/help-center' },
];

/** The back office's own navigation, shown beside every /admin page. */
export const adminNavItems: readonly NavItem[] = [
  { label: 'Dashboard', to: '/admin' },
  { label: 'Users', to: '/admin/users' },
  { label: 'Content', to: '/admin/content' },
  { label: 'Ads', to: '/admin/ads' },
  { label: 'Datasets', to: '/admin/datasets' },
  { label: 'Messages', to: '/admin/messages' },
  { label: 'Operations', to: '/admin/operations' },
  { label: 'Audit', to: '/admin/audit' },
];
