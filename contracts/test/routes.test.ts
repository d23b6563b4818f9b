import { isSiteRoute, trimTrailingSlashes } from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';

/** What the site did before: a pattern whose time grows with the square of the slashes. */
const formerTrim = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

const ordinaryPaths = [
  '',
  '/',
  '//',
  '///',
  '/movies',
  '/movies/',
  '/movies///',
  '/movies/550',
  '/movies/550/',
  '/movies//550',
  '/tv-shows/1399//',
  '/movies-2024',
  '/movies-2024/',
  '/action-movies/',
  '/admin/users/',
  '/no-such-page/',
  '/x/',
  'movies/',
];

describe('the site routes', () => {
  it('trims trailing slashes exactly as before on ordinary paths', () => {
    for (const path of ordinaryPaths) expect(trimTrailingSlashes(path), path).toBe(formerTrim(path));
  });

  it('knows the same pages as before, with or without trailing slashes', () => {
    const pages = [
      '/',
      '/movies/',
      '/movies/550/',
      '/tv-shows/1399//',
      '/movies-2024//',
      '/action-movies/',
      '/admin/users/',
      '/admin/messages',
    ];
    for (const path of pages) expect(isSiteRoute(path), path).toBe(true);
    for (const path of ['', '//', '/movies//550', '/no-such-page/', '/movies-24/', 'movies/'])
      expect(isSiteRoute(path), path).toBe(false);
  });

  it('trims 50,000 trailing slashes, and leaves slashes that are not trailing alone', () => {
    expect(trimTrailingSlashes(`/movies${'/'.repeat(50_000)}`)).toBe('/movies');
    expect(trimTrailingSlashes('/'.repeat(50_000))).toBe('');
    const notTrailing = `/${'/'.repeat(50_000)}x`;
    expect(trimTrailingSlashes(notTrailing)).toBe(notTrailing);
    expect(isSiteRoute(notTrailing)).toBe(false);
  });
});
