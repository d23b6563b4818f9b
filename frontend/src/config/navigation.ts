import { href, type StaticPageId } from '@cinefold/contracts';
import { genrePages } from './genres';

export interface NavItem {
  readonly label: string;
  readonly to: string;
}

/** The navigation names pages of the site map; their addresses are the map's. */
const to = (label: string, page: StaticPageId): NavItem => ({ label, to: href(page) });
const bestOf = (year: number): NavItem => ({ label: `Best of ${year}`, to: href('year', { year }) });

export const mainNavItems: readonly NavItem[] = [
  to('Home', 'home'),
  to('Movies', 'movies'),
  to('TV Shows', 'tvShows'),
];

export const genreNavItems: readonly NavItem[] = genrePages.map((genre) => ({
  label: genre.label,
  to: genre.path,
}));

export const topListNavItems: readonly NavItem[] = [
  to('Top 100 Movies', 'top100'),
  to('Trending', 'trending'),
  to('Top Rated', 'topRated'),
  bestOf(2024),
  bestOf(2023),
  to('Marvel Movies', 'marvel'),
];

/** A dropdown of the desktop header; the phone menu shows the same links under the same label. */
export interface NavGroup {
  readonly label: string;
  readonly items: readonly NavItem[];
  readonly columns: 1 | 2;
}

/** The header's groups of links, in order: the desktop header's dropdowns and the phone menu's. */
export const headerNavGroups: readonly NavGroup[] = [
  { label: 'Genres', items: genreNavItems, columns: 2 },
  { label: 'Top Lists', items: topListNavItems, columns: 1 },
];

const footerGenreSlugs = new Set<string>(['action', 'comedy', 'horror', 'drama', 'sci-fi']);

export const footerGenreItems: readonly NavItem[] = genrePages
  .filter((genre) => footerGenreSlugs.has(genre.slug))
  .map((genre) => ({ label: `${genre.label} Movies`, to: genre.path }));

export const footerPopularItems: readonly NavItem[] = [
  to('Top 100 Movies', 'top100'),
  to('Trending', 'trending'),
  bestOf(2024),
  to('Marvel Movies', 'marvel'),
  to('Help Center', 'helpCenter'),
];

const ADMIN_PAGES = [
  { label: 'Dashboard', page: 'adminDashboard' },
  { label: 'Users', page: 'adminUsers' },
  { label: 'Content', page: 'adminContent' },
  { label: 'Ads', page: 'adminAds' },
  { label: 'Datasets', page: 'adminDatasets' },
  { label: 'Messages', page: 'adminMessages' },
  { label: 'Operations', page: 'adminOperations' },
  { label: 'Audit', page: 'adminAudit' },
] as const satisfies readonly { label: string; page: StaticPageId }[];
export type AdminNavPage = (typeof ADMIN_PAGES)[number]['page'];

/** The back office's own navigation, shown beside every /admin page. */
export const adminNavItems: readonly (NavItem & { readonly page: AdminNavPage })[] = ADMIN_PAGES.map(
  (item) => ({ ...item, to: href(item.page) }),
);
