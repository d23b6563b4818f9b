import {
  BACKDROP_SIZES,
  backdropSources,
  type CinefoldEvent,
  type Movie,
  type TvShow,
} from '@cinefold/contracts';
import { createEventLog, systemContext } from '@cinefold/platform';
import { sampleMovie, sampleTvShow } from '@cinefold/platform/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubFrontend, useSite } from './support/site.js';

// The built index.html's shape: its own title and description (replaced by each page's), a
// module script, and an inline script of the kind a build may add.
const frontendDir = stubFrontend(
  'search-engines-dist',
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
    '<meta data-server name="description" content="Cinefold: stream and discover movies and TV shows, free." />' +
    '<title data-server>Cinefold · Stream and discover movies and TV shows</title>' +
    '<script type="module" crossorigin src="/assets/index-1234.js"></script>' +
    '</head><body><div id="root"></div><script>window.started = true;</script></body></html>',
);

const PUBLIC_URL = 'https://films.example';
const site = useSite('search-engines', { PUBLIC_URL, SITEMAP_URLS_PER_FILE: '2' }, 'all', { frontendDir });

function movie(id: number, title: string, more: Partial<Movie> = {}): Movie {
  return sampleMovie(id, title, {
    overview: `${title}: a story told in pictures.`,
    poster_path: `/poster-${id}.jpg`,
    runtime: 148,
    vote_average: 8.4,
    vote_count: 3000,
    genres: 'Action, Science Fiction',
    popularity: 100 - id,
    ...more,
  });
}

function show(id: number, name: string): TvShow {
  return sampleTvShow(id, name, {
    overview: 'Four families and a cave.',
    poster_path: '/dark.jpg',
    backdrop_path: '/dark-wide.jpg',
    last_air_date: '2020-06-27',
    vote_average: 8.4,
    vote_count: 500,
    genres: 'Mystery, Drama',
    networks: 'Netflix',
  });
}

// 1: a visible movie; 2: hidden; 3: deleted; 4-12 visible (a genre page of more than 10);
// 13: an Avengers movie (the Marvel page); 14: from 2024 (a year page).
const MOVIES = [
  movie(1, 'Inception'),
  movie(2, 'Hidden Gem'),
  movie(3, 'Gone Title'),
  ...Array.from({ length: 9 }, (_, i) => movie(4 + i, `Action Number ${4 + i}`)),
  movie(13, 'The Avengers <Assemble>'),
  movie(14, 'Fresh Release', { release_date: '2024-03-01', genres: 'Comedy' }),
];
const SHOW = show(7, 'Dark');

async function settled(path: string, status: number): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if ((await fetch(`${site.url}${path}`)).status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} never answered ${status}`);
}

beforeAll(async () => {
  const log = createEventLog(site.running.store!);
  const context = systemContext();
  const events: CinefoldEvent[] = [
    ...MOVIES.map((title, i): CinefoldEvent => ({
      type: 'TitleImported',
      data: { type: 'movie', line: i + 2, title },
    })),
    { type: 'TitleImported', data: { type: 'tv', line: 2, title: SHOW } },
  ];
  await log.append('import-search-engines', events, { expectedRevision: 'any', context });
  await log.append('title-movie-2', [{ type: 'TitleHidden', data: { type: 'movie', id: 2 } }], {
    expectedRevision: 'any',
    context,
  });
  await log.append('title-movie-3', [{ type: 'TitleDeleted', data: { type: 'movie', id: 3 } }], {
    expectedRevision: 'any',
    context,
  });
  // The catalogue API answers from the same read model: once it has the last events, so do pages.
  await settled('/api/movies/3', 404);
  await settled('/api/movies/1', 200);
  await settled('/api/movies/2', 404);
}, 60_000);

interface Page {
  status: number;
  html: string;
  headers: Headers;
}

async function page(path: string): Promise<Page> {
  const response = await fetch(`${site.url}${path}`);
  return { status: response.status, html: await response.text(), headers: response.headers };
}

const titleOf = (html: string) => /<title data-server>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link data-server rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta data-server (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];
function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script data-server type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

describe('pages fetched without JavaScript', () => {
  it('the home page names the site, with a WebSite that searches movies and an Organization', async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('Cinefold · Stream and discover movies and TV shows, free.');
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/`);
    expect(metaOf(html, 'og:url')).toBe(`${PUBLIC_URL}/`);
    expect(metaOf(html, 'twitter:card')).toBe('summary');
    const [website, organization] = structuredData(html);
    expect(website).toMatchObject({
      '@type': 'WebSite',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${PUBLIC_URL}/movies?search={search_term_string}` },
      },
    });
    expect(organization).toMatchObject({ '@type': 'Organization', name: 'Cinefold' });
    // The built page's own title and description gave way to the page's, and the app is still there.
    expect(html.match(/<title/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('src="/assets/index-1234.js"');
  });

  it('a movie page carries the movie: title, canonical, Open Graph and a Movie with its rating', async () => {
    const { status, html, headers } = await page('/movies/1');
    expect(status).toBe(200);
    expect(headers.get('x-robots-tag')).toBeNull();
    // Answered before the routers, but after the security headers.
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(titleOf(html)).toBe('Inception (2010) · Watch free · Cinefold');
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/movies/1`);
    expect(metaOf(html, 'description')).toBe('Inception: a story told in pictures.');
    expect(metaOf(html, 'og:type')).toBe('video.movie');
    expect(metaOf(html, 'og:title')).toBe('Inception (2010) · Watch free · Cinefold');
    expect(metaOf(html, 'og:image')).toBe('https://image.tmdb.org/t/p/w500/poster-1.jpg');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(structuredData(html)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Movie',
        name: 'Inception',
        url: `${PUBLIC_URL}/movies/1`,
        description: 'Inception: a story told in pictures.',
        image: 'https://image.tmdb.org/t/p/w500/poster-1.jpg',
        datePublished: '2010-07-15',
        genre: ['Action', 'Science Fiction'],
        duration: 'PT2H28M',
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: 8.4,
          ratingCount: 3000,
          bestRating: 10,
          worstRating: 0,
        },
      },
    ]);
  });

  it('a TV show page carries a TVSeries with its dates', async () => {
    const { status, html } = await page('/tv-shows/7');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('Dark (2017) · Watch free · Cinefold');
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/tv-shows/7`);
    expect(metaOf(html, 'og:type')).toBe('video.tv_show');
    expect(metaOf(html, 'og:image')).toBe('https://image.tmdb.org/t/p/w1280/dark-wide.jpg');
    expect(structuredData(html)[0]).toMatchObject({
      '@type': 'TVSeries',
      name: 'Dark',
      startDate: '2017-12-01',
      endDate: '2020-06-27',
      numberOfSeasons: 3,
      genre: ['Mystery', 'Drama'],
      aggregateRating: { ratingValue: 8.4, ratingCount: 500 },
    });
  });

  it('a genre page lists its first 10 movies, most popular first', async () => {
    const { status, html } = await page('/action-movies');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('Action Movies · Stream free · Cinefold');
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/action-movies`);
    expect(metaOf(html, 'og:description')).toMatch(/^Car chases/);
    const [list] = structuredData(html) as [
      { '@type': string; itemListElement: { url: string; position: number }[] },
    ];
    expect(list['@type']).toBe('ItemList');
    expect(list.itemListElement).toHaveLength(10);
    expect(list.itemListElement[0]).toMatchObject({ position: 1, url: `${PUBLIC_URL}/movies/1` });
    // Hidden and deleted titles are not listed.
    const urls = list.itemListElement.map((item) => item.url);
    expect(urls).not.toContain(`${PUBLIC_URL}/movies/2`);
    expect(urls).not.toContain(`${PUBLIC_URL}/movies/3`);
  });

  it('the top, trending, year and Marvel pages list their own movies', async () => {
    const top = await page('/top-rated-movies');
    expect(titleOf(top.html)).toMatch(/^Top 100 Movies of \w+ \d{4} · Cinefold$/);
    expect(canonicalOf(top.html)).toBe(`${PUBLIC_URL}/top-rated-movies`);
    expect(structuredData(top.html)[0]).toMatchObject({ '@type': 'ItemList' });

    const trending = await page('/trending-movies');
    expect(titleOf(trending.html)).toBe('Trending Movies · Stream free · Cinefold');

    const year = await page('/movies-2024');
    const yearList = structuredData(year.html)[0] as { itemListElement: { name: string }[] };
    expect(titleOf(year.html)).toBe('Best Movies of 2024 · Stream free · Cinefold');
    expect(yearList.itemListElement.map((item) => item.name)).toEqual(['Fresh Release']);

    const marvel = await page('/marvel-movies');
    const marvelList = structuredData(marvel.html)[0] as { itemListElement: { name: string }[] };
    expect(marvelList.itemListElement.map((item) => item.name)).toEqual(['The Avengers <Assemble>']);
    // Text that looks like markup stays text: in JSON-LD and in attributes.
    expect(marvel.html).not.toContain('<Assemble>');
  });

  it('the support pages carry their own title, description and canonical, as the site map gives them', async () => {
    const { status, html } = await page('/help-center');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('Help Center · Cinefold');
    expect(metaOf(html, 'description')).toMatch(/^Answers to common questions about your account/);
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/help-center`);
    expect(structuredData(html)).toEqual([]);
    expect(titleOf((await page('/privacy')).html)).toBe('Privacy Policy · Cinefold');
  });

  it('each page gives the CSP hashes of its inline scripts, JSON-LD included', async () => {
    const { html } = await page('/movies/1');
    const { inlineScriptHashes } = await import('../src/seo/head-html.js');
    const hashes = inlineScriptHashes(html);
    // The JSON-LD and the index's own inline script; the module script has a src and needs none.
    expect(hashes).toHaveLength(2);
    expect(hashes.every((hash) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(hash))).toBe(true);
  });
});

describe('the first screen, shown until the app has its page', () => {
  const firstScreen = (html: string) =>
    /<body><div id="first-screen" aria-hidden="true">([\s\S]*?)<\/div><\/div><div id="root"><\/div>/.exec(
      html,
    )?.[1];
  const texts = (html: string) =>
    [...(firstScreen(html) ?? '').matchAll(/<p class="fs-(\w+)">([^<]*)<\/p>/g)].map((m) => [m[1], m[2]]);

  it("the home page shows the hero's movie: the most popular visible one", async () => {
    const { html } = await page('/');
    expect(texts(html)).toEqual([
      ['eyebrow', '#1 Trending Movie'],
      ['heading', 'Inception'],
      ['text', 'Inception: a story told in pictures.'],
    ]);
    // Styles only: the page's inline scripts (and so its CSP hashes) are the head's and the build's.
    expect(firstScreen(html)).not.toMatch(/<script/i);
  });

  it("a title's page shows its name and overview, escaped", async () => {
    expect(texts((await page('/movies/13')).html)).toEqual([
      ['eyebrow', 'Movie'],
      ['heading', 'The Avengers &lt;Assemble&gt;'],
      ['text', 'The Avengers &lt;Assemble&gt;: a story told in pictures.'],
    ]);
    expect(texts((await page('/tv-shows/7')).html)).toEqual([
      ['eyebrow', 'TV show'],
      ['heading', 'Dark'],
      ['text', 'Four families and a cave.'],
    ]);
  });

  it("draws a title's backdrop first, from the sources the app's hero uses, and none without one", async () => {
    const sources = backdropSources('/dark-wide.jpg')!;
    expect(sources.srcSet).toContain('/w780/dark-wide.jpg 780w');
    expect(firstScreen((await page('/tv-shows/7')).html)).toContain(
      `<img class="fs-backdrop" src="${sources.src}" srcset="${sources.srcSet}" sizes="${BACKDROP_SIZES}" alt="" fetchpriority="high">`,
    );
    expect(firstScreen((await page('/movies/13')).html)).not.toContain('<img');
  });

  it("a landing or support page shows its title without the site's name, and its description", async () => {
    const [, heading] = texts((await page('/action-movies')).html)[1]!;
    expect(heading).not.toContain('Cinefold');
    expect(heading).toMatch(/Action/);
    expect(texts((await page('/help-center')).html)[0]).toEqual(['eyebrow', 'Cinefold']);
  });

  it.each(['/movies/2', '/no/such/page', '/profile', '/admin'])('%s has none', async (path) => {
    const { html } = await page(path);
    expect(html).not.toContain('first-screen');
    expect(html).toContain('<body><div id="root"></div>');
  });
});

describe('titles that are not there', () => {
  it.each([
    ['/movies/999', 'Movie not found'],
    ['/movies/2', 'Movie not found'],
    ['/movies/3', 'Movie not found'],
    ['/tv-shows/999', 'TV show not found'],
    ['/movies/not-a-number', 'Movie not found'],
  ])('%s answers 404 with the app, marked noindex', async (path, message) => {
    const { status, html } = await page(path);
    expect(status).toBe(404);
    expect(metaOf(html, 'robots')).toBe('noindex');
    expect(titleOf(html)).toBe(`${message} · Cinefold`);
    expect(html).toContain('<div id="root"></div>');
    expect(structuredData(html)).toEqual([]);
  });

  it('a page that does not exist answers 404, marked noindex', async () => {
    const { status, html } = await page('/no/such/page');
    expect(status).toBe(404);
    expect(metaOf(html, 'robots')).toBe('noindex');
  });
});

describe('private pages', () => {
  it.each([
    '/profile',
    '/admin',
    '/admin/users',
    '/admin/content',
    '/forgot-password',
    '/reset-password',
    '/confirm-email',
  ])('%s is marked noindex,nofollow as a header and a meta tag', async (path) => {
    const { status, html, headers } = await page(path);
    expect(status).toBe(200);
    expect(headers.get('x-robots-tag')).toBe('noindex,nofollow');
    expect(metaOf(html, 'robots')).toBe('noindex,nofollow');
  });

  it('carry their own title, the back office under its name', async () => {
    expect(titleOf((await page('/admin/users')).html)).toBe('Users · Admin · Cinefold');
    expect(titleOf((await page('/reset-password')).html)).toBe('Choose a New Password · Cinefold');
    expect(titleOf((await page('/profile')).html)).toBe('Your Profile · Cinefold');
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt keeps crawlers out of the back office and the profile, and names the sitemap', async () => {
    const response = await fetch(`${site.url}/robots.txt`);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Disallow: \/profile$/m);
    expect(text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  async function locs(path: string): Promise<string[]> {
    const response = await fetch(`${site.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/xml/);
    return [...(await response.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
  }

  it('is an index of files of at most the configured number of addresses, hidden and deleted titles left out', async () => {
    const files = await locs('/sitemap.xml');
    // 13 movies still in the catalogue (one hidden), 2 a file; 1 TV show.
    expect(files).toEqual([
      `${PUBLIC_URL}/sitemaps/pages.xml`,
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => `${PUBLIC_URL}/sitemaps/movies-${n}.xml`),
      `${PUBLIC_URL}/sitemaps/tv-shows-1.xml`,
    ]);
    const titles: string[] = [];
    for (const file of files.slice(1)) {
      const addresses = await locs(file.slice(PUBLIC_URL.length));
      expect(addresses.length).toBeLessThanOrEqual(2);
      titles.push(...addresses);
    }
    const expected = MOVIES.filter((m) => m.id !== 2 && m.id !== 3).map(
      (m) => `${PUBLIC_URL}/movies/${m.id}`,
    );
    expect(titles.sort()).toEqual([...expected, `${PUBLIC_URL}/tv-shows/7`].sort());
  });

  it('gives each title the day it entered the catalogue', async () => {
    const text = await (await fetch(`${site.url}/sitemaps/tv-shows-1.xml`)).text();
    const today = new Date().toISOString().slice(0, 10);
    expect(text).toContain(`<url><loc>${PUBLIC_URL}/tv-shows/7</loc><lastmod>${today}</lastmod></url>`);
  });

  it('names the landing pages', async () => {
    const pages = await locs('/sitemaps/pages.xml');
    expect(pages).toEqual(
      expect.arrayContaining([
        `${PUBLIC_URL}/`,
        `${PUBLIC_URL}/movies`,
        `${PUBLIC_URL}/tv-shows`,
        `${PUBLIC_URL}/action-movies`,
        `${PUBLIC_URL}/top-100-movies`,
        `${PUBLIC_URL}/trending-movies`,
        `${PUBLIC_URL}/marvel-movies`,
      ]),
    );
    expect(pages.some((url) => url.includes('/admin') || url.includes('/profile'))).toBe(false);
  });

  it('sends a kept file compressed, the same addresses as the file written for the first crawler', async () => {
    const ask = () => fetch(`${site.url}/sitemaps/pages.xml`, { headers: { 'accept-encoding': 'gzip' } });
    const first = await (await ask()).text();
    const again = await ask();
    expect(again.headers.get('content-encoding')).toBe('gzip');
    expect(again.headers.get('vary')).toContain('Accept-Encoding');
    // fetch undoes the gzip: what arrives is the file itself.
    expect(await again.text()).toBe(first);
  });

  it('keeps every file of a sitemap of ten files: a second crawl reads nothing of the catalogue', async () => {
    const crawl = async () => {
      const index = await (await fetch(`${site.url}/sitemap.xml`)).text();
      const files = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/[^<]*)<\/loc>/g)].map((m) => m[1]!);
      const bodies = [];
      for (const file of files) bodies.push(await (await fetch(`${site.url}${file}`)).text());
      return bodies;
    };
    const redis = site.client();
    /**
     * The commands a file is written with (a range of the catalogue's order, then its
     * visibility) sent to the catalogue's keys while `work` runs, watched with MONITOR. Counted
     * over the whole Redis, they also counted whatever else the site ran meanwhile: in the suite,
     * on a slow machine, four more `ZRANGE`s and no `SMISMEMBER` during the second crawl (a file
     * written again reads both). The watch ends at a read of its own, which it must see too.
     */
    const catalogueReads = async (work: () => Promise<string[]>) => {
      const monitor = await redis.monitor();
      const reads: string[] = [];
      const end = `{catalogue}:end of a crawl ${Math.random()}`;
      const ended = new Promise<void>((resolve) =>
        monitor.on('monitor', (_time: string, args: string[]) => {
          const [command = '', key = ''] = args;
          if (!/^(zrange|smismember)$/i.test(command) || !key.startsWith('{catalogue}')) return;
          if (key === end) resolve();
          else reads.push(`${command.toLowerCase()} ${key}`);
        }),
      );
      try {
        const bodies = await work();
        // Redis feeds MONITOR in order: once it shows this, it has shown the crawl's commands.
        await redis.zrange(end, 0, 0);
        await ended;
        return { bodies, reads };
      } finally {
        monitor.disconnect();
      }
    };
    // The files were written by the first crawl, or by the tests before it.
    const first = await catalogueReads(crawl);
    expect(first.bodies.length).toBeGreaterThan(8);
    const second = await catalogueReads(crawl);
    expect(second.bodies).toEqual(first.bodies);
    expect(second.reads).toEqual([]);
  });

  it('sends a kept file unpacked to a client that takes no gzip', async () => {
    const ask = (encoding: string) =>
      fetch(`${site.url}/sitemaps/movies-1.xml`, { headers: { 'accept-encoding': encoding } });
    const written = await (await ask('gzip')).text();
    const plain = await ask('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(written);
  });

  it.each([
    '/sitemaps/movies-8.xml',
    '/sitemaps/movies-0.xml',
    '/sitemaps/films-1.xml',
    '/sitemaps/.xml',
    '/sitemaps/',
  ])('%s is not a sitemap: 404', async (path) => {
    const response = await fetch(`${site.url}${path}`);
    expect(response.status).toBe(404);
    // A refusal is JSON like every other, also for a file past the catalogue's end.
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toHaveProperty('message');
  });
});

/** Every address the sitemap's title files name. */
async function sitemapTitles(): Promise<string[]> {
  const index = await (await fetch(`${site.url}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/[^<]*)<\/loc>/g)].map((m) => m[1]!);
  const titles: string[] = [];
  for (const file of files.slice(1)) {
    const text = await (await fetch(`${site.url}${file}`)).text();
    titles.push(...[...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!));
  }
  return titles;
}

describe('pages follow the catalogue', () => {
  it('a title hidden after its page was served answers 404 from then on, and leaves the sitemap', async () => {
    expect((await page('/movies/12')).status).toBe(200);
    expect(await sitemapTitles()).toContain(`${PUBLIC_URL}/movies/12`);
    await createEventLog(site.running.store!).append(
      'title-movie-12',
      [{ type: 'TitleHidden', data: { type: 'movie', id: 12 } }],
      { expectedRevision: 'any', context: systemContext() },
    );
    await settled('/api/movies/12', 404);
    // Kept pages and sitemap files are dropped on the catalogue's notice, not when their time is up.
    await settled('/movies/12', 404);
    expect(await sitemapTitles()).not.toContain(`${PUBLIC_URL}/movies/12`);
  });
});
