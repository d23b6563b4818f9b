/**
 * Addresses as the server and the app read them. The site's pages themselves are in site-map.ts.
 */
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

/** API paths (under /api) that only admins may call; one guard covers everything below them. */
export const ADMIN_API_PREFIXES = ['/admin', '/analytics/admin'] as const;
