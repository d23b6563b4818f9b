import {
  GENRES,
  hasBottomAd,
  href,
  isPrivatePath,
  isSiteRoute,
  isTrackedPath,
  LANDING_AD_POSITIONS,
  landingPageAt,
  landingPaths,
  PAGE_IDS,
  pageAt,
  sitePages,
  titlePageAt,
  titlePath,
  wholeSegmentPaths,
} from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';

/** An address of every page, with parameters where it has some. */
const SAMPLES: Record<(typeof PAGE_IDS)[number], string> = {
  home: '/',
  movies: '/movies',
  movie: '/movies/550',
  tvShows: '/tv-shows',
  tvShow: '/tv-shows/1399',
  genre: '/sci-fi-movies',
  top100: '/top-100-movies',
  topRated: '/top-rated-movies',
  trending: '/trending-movies',
  marvel: '/marvel-movies',
  year: '/movies-2024',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  helpCenter: '/help-center',
  terms: '/terms',
  privacy: '/privacy',
  contact: '/contact',
  profile: '/profile',
  adminDashboard: '/admin',
  adminUsers: '/admin/users',
  adminAds: '/admin/ads',
  adminDatasets: '/admin/datasets',
  adminContent: '/admin/content',
  adminMessages: '/admin/messages',
  adminOperations: '/admin/operations',
  adminAudit: '/admin/audit',
};

describe('the site map', () => {
  it('gives every page an address of its own', () => {
    const paths = PAGE_IDS.map((id) => sitePages[id].path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const id of PAGE_IDS) expect(pageAt(SAMPLES[id])?.id, SAMPLES[id]).toBe(id);
  });

  it('holds the pages of spec section 2, each open to whom the spec says', () => {
    const byAccess = (access: string) => PAGE_IDS.filter((id) => sitePages[id].access === access);
    expect(byAccess('signed-in').map((id) => SAMPLES[id])).toEqual(['/profile']);
    expect(byAccess('admin').map((id) => SAMPLES[id])).toEqual([
      '/admin',
      '/admin/users',
      '/admin/ads',
      '/admin/datasets',
      '/admin/content',
      '/admin/messages',
      '/admin/operations',
      '/admin/audit',
    ]);
    expect(byAccess('all')).toHaveLength(PAGE_IDS.length - 9);
  });

  it('fills in an address’s parameters for a link, and reads them back from it', () => {
    expect(href('movie', { id: 550 })).toBe('/movies/550');
    expect(href('tvShow', { id: '1399' })).toBe('/tv-shows/1399');
    expect(href('genre', { genre: 'sci-fi' })).toBe('/sci-fi-movies');
    expect(href('year', { year: 2024 })).toBe('/movies-2024');
    expect(href('adminAudit')).toBe('/admin/audit');
    expect(pageAt('/movies/550')).toEqual({ id: 'movie', params: { id: '550' } });
    expect(pageAt('/sci-fi-movies')).toEqual({ id: 'genre', params: { genre: 'sci-fi' } });
    expect(pageAt('/movies-2024')).toEqual({ id: 'year', params: { year: 2024 } });
    for (const genre of GENRES) expect(pageAt(href('genre', { genre: genre.slug }))?.id).toBe('genre');
  });

  it('knows no page at addresses that are none, and reads an address exactly as written', () => {
    for (const path of [
      '/western-movies',
      '/movies-24',
      '/movies/',
      '/movies/550/',
      '/Movies',
      '/admin/x',
      '',
    ])
      expect(pageAt(path), path).toBeNull();
    // The gateway forgives trailing slashes; the table does not.
    expect(isSiteRoute('/movies/550/')).toBe(true);
  });

  it('writes a title’s page address in one place, escaping an id that is not a plain number', () => {
    expect(titlePath('movie', 550)).toBe(href('movie', { id: 550 }));
    expect(titlePath('tv', 1399)).toBe(href('tvShow', { id: 1399 }));
    expect(titlePath('movie', 'a b/c')).toBe('/movies/a%20b%2Fc');
    expect(titlePageAt('/tv-shows/1399')).toEqual({ type: 'tv', id: '1399' });
    expect(titlePageAt('/movies')).toBeNull();
  });

  it('names in the sitemap exactly the pages marked for it, all of them public and indexed', () => {
    const now = new Date(Date.UTC(2026, 10, 3));
    const paths = landingPaths(now);
    expect(paths).toEqual([
      '/',
      '/movies',
      '/tv-shows',
      ...GENRES.map((genre) => `/${genre.slug}-movies`),
      '/top-100-movies',
      '/trending-movies',
      '/marvel-movies',
      '/movies-2026',
      '/movies-2025',
      '/movies-2024',
      '/movies-2023',
      '/movies-2022',
      '/help-center',
      '/terms',
      '/privacy',
      '/contact',
    ]);
    for (const path of paths) {
      const page = sitePages[pageAt(path)!.id];
      expect(page.sitemap, path).toBeDefined();
      expect([page.access, page.indexed], path).toEqual(['all', true]);
    }
    const marked = PAGE_IDS.filter((id) => sitePages[id].sitemap !== undefined);
    expect(new Set(paths.map((path) => pageAt(path)!.id))).toEqual(new Set(marked));
  });

  it('keeps search engines out of the profile and the back office, and out of any address under them', () => {
    for (const path of ['/profile', '/admin', '/admin/users/', '/admin/no-such-page'])
      expect(isPrivatePath(path), path).toBe(true);
  });

  it('keeps the pages a mailed link opens out of search engines, the traffic figures and the ads', () => {
    for (const path of ['/forgot-password', '/reset-password', '/confirm-email']) {
      expect(pageAt(path)).not.toBeNull();
      expect(sitePages[pageAt(path)!.id].access, path).toBe('all');
      expect([isPrivatePath(path), isTrackedPath(`${path}#token=x`), hasBottomAd(path)], path).toEqual([
        true,
        false,
        false,
      ]);
    }
    for (const path of ['/', '/movies/550', '/login', '/no-such-page', '/profiles'])
      expect(isPrivatePath(path), path).toBe(false);
  });

  it('counts no view of the back office and shows it no bottom ad; every other page has both', () => {
    for (const address of ['/admin', '/admin/users?page=2', '/admin/content#top', '/admin/x'])
      expect([isTrackedPath(address), hasBottomAd(address.split(/[?#]/)[0]!)], address).toEqual([
        false,
        false,
      ]);
    for (const address of ['/', '/movies?genre=Action&page=2', '/profile', '/no-such-page'])
      expect([isTrackedPath(address), hasBottomAd(address.split('?')[0]!)], address).toEqual([true, true]);
  });

  it('spells a router’s whole-segment paths: genres one by one, the open year pages as the catch-all', () => {
    expect(wholeSegmentPaths('movie')).toEqual(['/movies/:id']);
    expect(wholeSegmentPaths('genre')).toEqual(GENRES.map((genre) => `/${genre.slug}-movies`));
    expect(wholeSegmentPaths('year')).toEqual(['/:segment']);
    // Two pages on the catch-all could not be told apart.
    expect(PAGE_IDS.filter((id) => wholeSegmentPaths(id).includes('/:segment'))).toEqual(['year']);
  });

  it('gives each list page its heading, description and list from its row', () => {
    const now = new Date(Date.UTC(2026, 10, 3));
    expect(landingPageAt('/movies-2024/', now)).toMatchObject({
      path: '/movies-2024',
      heading: 'Best Movies of 2024',
      title: 'Best Movies of 2024 · Stream free · Cinefold',
      list: { year: 2024, limit: 50, sortBy: 'popularity' },
    });
    expect(landingPageAt('/top-rated-movies', now)).toMatchObject({
      heading: 'Top 100 Movies of November 2026',
      title: 'Top 100 Movies of November 2026 · Cinefold',
    });
    expect(landingPageAt('/tv-shows', now)?.type).toBe('tv');
    expect(landingPageAt('/horror-movies', now)?.description).toMatch(/^Haunted houses/);
    expect(landingPageAt('/help-center', now)).toBeNull();
  });

  it('names the landing pages’ ad slots after the genre pages’ addresses, as before', () => {
    expect(LANDING_AD_POSITIONS).toEqual([
      ...GENRES.flatMap(({ slug }) => [`${slug}-movies-top`, `${slug}-movies-bottom`]),
      'marvel-movies-top',
      'top-100-movies-top',
      'trending-movies-top',
    ]);
  });
});
