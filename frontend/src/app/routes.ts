import { genrePages } from '../config/genres';

/** Who may open a screen (spec section 2); the route guard reads it once auth exists. */
export type RouteAccess = 'all' | 'signed-in' | 'admin';

export type Screen =
  | 'home'
  | 'movie-listing'
  | 'movie-detail'
  | 'tv-listing'
  | 'tv-detail'
  | 'genre'
  | 'top-100'
  | 'trending'
  | 'year'
  | 'marvel'
  | 'login'
  | 'register'
  | 'help-center'
  | 'terms'
  | 'privacy'
  | 'contact'
  | 'profile'
  | 'admin-dashboard'
  | 'admin-users'
  | 'admin-ads'
  | 'admin-datasets'
  | 'admin-content'
  | 'admin-messages'
  | 'admin-operations'
  | 'admin-audit';

export interface SiteRoute {
  readonly path: string;
  readonly screen: Screen;
  readonly access: RouteAccess;
}

/**
 * React Router matches whole path segments only, so `/movies-{year}` cannot be spelled as a
 * route pattern. It is registered as the single-segment catch `/:yearPage`, which ranks below
 * every static path, and the year screen calls `parseYearPage` to tell `/movies-2024` from a typo.
 */
export const yearPagePattern = '/:yearPage';

export function parseYearPage(segment: string | undefined): number | null {
  const match = /^movies-(\d{4})$/.exec(segment ?? '');
  return match ? Number(match[1]) : null;
}

export function yearPagePath(year: number): string {
  return `/movies-${year}`;
}

/** Every route of spec section 2, in one place. */
export const siteRoutes: readonly SiteRoute[] = [
  { path: '/', screen: 'home', access: 'all' },
  { path: '/movies', screen: 'movie-listing', access: 'all' },
  { path: '/movies/:id', screen: 'movie-detail', access: 'all' },
  { path: '/tv-shows', screen: 'tv-listing', access: 'all' },
  { path: '/tv-shows/:id', screen: 'tv-detail', access: 'all' },
  ...genrePages.map((genre): SiteRoute => ({ path: genre.path, screen: 'genre', access: 'all' })),
  { path: '/top-100-movies', screen: 'top-100', access: 'all' },
  { path: '/top-rated-movies', screen: 'top-100', access: 'all' },
  { path: '/trending-movies', screen: 'trending', access: 'all' },
  { path: yearPagePattern, screen: 'year', access: 'all' },
  { path: '/marvel-movies', screen: 'marvel', access: 'all' },
  { path: '/login', screen: 'login', access: 'all' },
  { path: '/register', screen: 'register', access: 'all' },
  { path: '/help-center', screen: 'help-center', access: 'all' },
  { path: '/terms', screen: 'terms', access: 'all' },
  { path: '/privacy', screen: 'privacy', access: 'all' },
  { path: '/contact', screen: 'contact', access: 'all' },
  { path: '/profile', screen: 'profile', access: 'signed-in' },
  { path: '/admin', screen: 'admin-dashboard', access: 'admin' },
  { path: '/admin/users', screen: 'admin-users', access: 'admin' },
  { path: '/admin/ads', screen: 'admin-ads', access: 'admin' },
  { path: '/admin/datasets', screen: 'admin-datasets', access: 'admin' },
  { path: '/admin/content', screen: 'admin-content', access: 'admin' },
  // Not in the spec's table: the inbox of the contact form.
  { path: '/admin/messages', screen: 'admin-messages', access: 'admin' },
  { path: '/admin/operations', screen: 'admin-operations', access: 'admin' },
  { path: '/admin/audit', screen: 'admin-audit', access: 'admin' },
];

/** The bottom ad and page-view tracking both stay off the back office. */
export { isAdminPath } from '@cinefold/contracts';
