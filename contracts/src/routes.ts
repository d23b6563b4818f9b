/**
 * The site's routes (spec section 2). The gateway answers 200 with the app for these and 404
 * (still with the app, which shows its not-found page) for anything else.
 */
export const GENRE_PAGES = [
  'action-movies',
  'comedy-movies',
  'horror-movies',
  'drama-movies',
  'thriller-movies',
  'sci-fi-movies',
  'romance-movies',
  'animation-movies',
  'crime-movies',
  'fantasy-movies',
] as const;

const STATIC_ROUTES = new Set<string>([
  '/',
  '/movies',
  '/tv-shows',
  ...GENRE_PAGES.map((page) => `/${page}`),
  '/top-100-movies',
  '/top-rated-movies',
  '/trending-movies',
  '/marvel-movies',
  '/login',
  '/register',
  '/help-center',
  '/terms',
  '/privacy',
  '/contact',
  '/profile',
  '/admin',
  '/admin/users',
  '/admin/ads',
  '/admin/datasets',
  '/admin/content',
  '/admin/messages',
  '/admin/operations',
  '/admin/audit',
]);

const PATTERN_ROUTES = [/^\/movies\/[^/]+$/, /^\/tv-shows\/[^/]+$/, /^\/movies-\d{4}$/];

const SLASH = 0x2f;

/**
 * The path without its trailing slashes ("/" stays "/"). A loop from the end rather than
 * `/\/+$/`: that pattern starts a match at every slash and runs to the end of the run each time,
 * so a path of slashes not at the end costs the square of its length, and a client chooses it.
 */
export function trimTrailingSlashes(pathname: string): string {
  if (pathname.length <= 1) return pathname;
  let end = pathname.length;
  while (end > 0 && pathname.charCodeAt(end - 1) === SLASH) end--;
  return pathname.slice(0, end);
}

export function isSiteRoute(pathname: string): boolean {
  const path = trimTrailingSlashes(pathname);
  return STATIC_ROUTES.has(path) || PATTERN_ROUTES.some((pattern) => pattern.test(path));
}

/** The back office's pages: no bottom ad, no page-view tracking (browser and server alike). */
export function isAdminPath(pathname: string): boolean {
  return pathname.startsWith('/admin');
}

/** API paths (under /api) that only admins may call; one guard covers everything below them. */
export const ADMIN_API_PREFIXES = ['/admin', '/analytics/admin'] as const;
