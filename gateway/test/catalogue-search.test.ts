import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadTitles } from './support/api.js';
import { ADMIN, ADMIN_SETTINGS, useSite } from './support/site.js';

// Search as visitors type it, on the real sample imported through the upload, asked of the site.
const SAMPLE = '../shared/data/tmdb-movies-2631.csv';
const site = useSite('catalogue-search', {
  ...ADMIN_SETTINGS,
  UPLOAD_MAX_BYTES: String(8 * 1024 * 1024),
  QUERY_CACHE_MS: '0',
});
let admin: string;

interface Listing {
  movies: { id: number; title: string; popularity: number }[];
  total: number;
  pages: number;
}

async function get<T>(path: string, token?: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${site.url}/api${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as T };
}

const search = async (text: string, more = '') =>
  (await get<Listing>(`/movies?search=${encodeURIComponent(text)}${more}`)).body;
const firstOf = async (text: string) => (await search(text)).movies[0]?.title;

beforeAll(async () => {
  admin = await site.signIn(ADMIN);
  const response = await uploadTitles(site.url, admin, 'movie', readFileSync(SAMPLE));
  expect(((await response.json()) as { processed: number }).processed).toBe(2630);
}, 120_000);

describe('a search', () => {
  it('forgives typos by word length, on every word, the last one too', async () => {
    expect(await firstOf('incepton')).toBe('Inception');
    expect(await firstOf('godfater')).toBe('The Godfather');
    expect(await firstOf('interstelar')).toBe('Interstellar');
    expect(await firstOf('forest gump')).toBe('Forrest Gump');
    expect(await firstOf('shawshenk redemtion')).toBe('The Shawshank Redemption');
    // A word no title has, of seven or eight letters, gets two edits: it is a typo, or nothing.
    expect(await firstOf('jurrasic world')).toBe('Jurassic World');
    // A misspelt word is not read as one-letter words run together ("a v our ite": The Fifth Element).
    expect(await firstOf('avourite')).toBe('The Favourite');
    // Short words are taken as typed: "ted" finds Ted, not RED.
    const ted = (await search('ted', '&limit=100')).movies.map((m) => m.title);
    expect(ted).toContain('Ted');
    expect(ted).not.toContain('RED');
  });

  it('takes the last word as the start of one, as the visitor types', async () => {
    expect(await firstOf('interst')).toBe('Interstellar');
    expect(await firstOf('the dark kn')).toBe('The Dark Knight');
  });

  it('folds spacing, punctuation, accents and sequel numbers both ways', async () => {
    expect(await firstOf('spiderman')).toBe('Spider-Man');
    expect(await firstOf('spider man')).toBe('Spider-Man');
    expect(await firstOf('walle')).toBe('WALL·E');
    expect(await firstOf('antman')).toBe('Ant-Man');
    expect(await firstOf('lalaland')).toBe('La La Land');
    // A whole name typed without its spaces, however many words it has, in its commonest words.
    expect(await firstOf('backtothefuture')).toBe('Back to the Future');
    expect(await firstOf('thelordoftherings')).toMatch(/^The Lord of the Rings: /);
    expect(await firstOf('harrypotterandthegobletoffire')).toBe('Harry Potter and the Goblet of Fire');
    expect(await firstOf('amelie')).toBe('Amélie');
    expect(await firstOf('AMÉLIE')).toBe('Amélie');
    expect(await firstOf('godfather 2')).toBe('The Godfather Part II');
    expect(await firstOf('creed 3')).toBe('Creed III');
    expect(await firstOf('scream 6')).toBe('Scream VI');
    expect(await firstOf('rocky iv')).toBe('Rocky IV');
    // Numbers written as words, either way round.
    expect(await firstOf('shrek two')).toBe('Shrek 2');
    expect(await firstOf('it chapter 2')).toBe('It Chapter Two');
    expect(await firstOf('oceans 11')).toBe("Ocean's Eleven");
    expect(await firstOf('50 shades of grey')).toBe('Fifty Shades of Grey');
    expect(await firstOf('xmen')).toBe('X-Men');
    expect(await firstOf('shrek 3')).toBe('Shrek the Third');
    // A year typed by its last two figures, after a name with the number as typed.
    expect(await firstOf('wonder woman 84')).toBe('Wonder Woman 1984');
    expect(await firstOf('blade runner 49')).toBe('Blade Runner 2049');
    expect(await firstOf('oceans 11')).toBe("Ocean's Eleven");
    // An ampersand typed as "and", or left out.
    expect(await firstOf('fast and furious')).toBe('Fast & Furious');
    expect(await firstOf('mr and mrs smith')).toBe('Mr. & Mrs. Smith');
  });

  it('drops a word rather than find nothing, when no title has them all', async () => {
    expect(await firstOf('catch me if u can')).toBe('Catch Me If You Can');
    expect(await firstOf('kill bill volume 1')).toBe('Kill Bill: Vol. 1');
    // A year typed with the name is the title's year.
    for (const [typed, title, year] of [
      ['dune 1984', 'Dune', '1984'],
      ['dune 2021', 'Dune', '2021'],
      ['the lion king 2019', 'The Lion King', '2019'],
      ['the lion king 1994', 'The Lion King', '1994'],
    ] as const) {
      const [first] = (
        await get<{ movies: { title: string; release_date: string }[] }>(
          `/movies?search=${encodeURIComponent(typed)}`,
        )
      ).body.movies;
      expect(`${first?.title} ${first?.release_date.slice(0, 4)}`).toBe(`${title} ${year}`);
    }
    // Two words too many at one end of a long search: a series put before the name.
    expect(await firstOf('star wars the empire strikes back')).toBe('The Empire Strikes Back');
    // One word dropped at most: two words no title has still find nothing.
    expect((await search('inception zzqqxx qqzzxx')).total).toBe(0);
    // Not while some title has every word: each title found then has them all (words of four
    // letters, which get no typos).
    const found = (
      await get<{ movies: { title: string; overview: string }[] }>('/movies?search=star%20wars&limit=100')
    ).body.movies;
    expect(found.length).toBeGreaterThan(0);
    for (const { title, overview } of found) {
      expect(`${title} ${overview}`).toMatch(/star/i);
      expect(`${title} ${overview}`).toMatch(/wars/i);
    }
  });

  it('ranks the whole name first, names before overviews, then popularity', async () => {
    expect(await firstOf('rocky')).toBe('Rocky');
    expect(await firstOf('alien')).toBe('Alien');
    const love = await search('love', '&limit=100');
    const inName = love.movies.map((m) => /love/i.test(m.title));
    // Every title with the word in its name comes before those found by their overview only.
    expect(inName.indexOf(false)).toBeGreaterThan(0);
    expect(inName.slice(inName.indexOf(false)).every((x) => !x)).toBe(true);
    // Among titles found by their overview alone, the most popular first.
    const overviewOnly = love.movies.filter((m) => !/love/i.test(m.title)).map((m) => m.popularity);
    expect(overviewOnly).toEqual([...overviewOnly].sort((a, b) => b - a));
  });

  it('counts exactly and pages without overlap, the same every time', async () => {
    const first = await search('man', '&limit=10&page=1');
    expect(first.total).toBeGreaterThan(30);
    const seen = new Set<number>();
    for (let page = 1; page <= first.pages; page++) {
      const answer = await search('man', `&limit=10&page=${page}`);
      expect(answer.total).toBe(first.total);
      for (const m of answer.movies) {
        expect(seen.has(m.id)).toBe(false);
        seen.add(m.id);
      }
    }
    expect(seen.size).toBe(first.total);
    expect((await search('man', '&limit=10&page=1')).movies).toEqual(first.movies);
  });

  it('combines with a genre, a year and another order, with exact totals', async () => {
    const all = (await search('star', '&limit=100')).movies.map((m) => m.id);
    const scienceFiction = await get<{ movies: { id: number; genres: string }[]; total: number }>(
      '/movies?search=star&genre=Science%20Fiction&limit=100',
    );
    expect(scienceFiction.body.total).toBe(scienceFiction.body.movies.length);
    expect(scienceFiction.body.movies.every((m) => m.genres.includes('Science Fiction'))).toBe(true);
    // Ranked as the search ranks them, less those of other genres.
    const ids = scienceFiction.body.movies.map((m) => m.id);
    expect(ids).toEqual(all.filter((id) => ids.includes(id)));
    const byRating = await get<Listing>('/movies?search=star&sortBy=rating&limit=100');
    expect(byRating.body.total).toBe(all.length);
    expect(new Set(byRating.body.movies.map((m) => m.id))).toEqual(new Set(all));
  });

  it('finds hidden titles for admins only, in the admin content search too', async () => {
    const interstellar = (await search('interstellar')).movies[0]!;
    expect(interstellar.title).toBe('Interstellar');
    const hide = await fetch(`${site.url}/api/admin/content/movie/${interstellar.id}/hidden`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ hidden: true }),
    });
    expect(hide.status).toBe(200);
    expect((await search('interstelar')).movies.map((m) => m.id)).not.toContain(interstellar.id);
    const adminView = await get<{ items: { id: number; hidden: boolean }[] }>(
      '/admin/content?type=movie&search=interstelar&hidden=all',
      admin,
    );
    expect(adminView.body.items[0]).toMatchObject({ id: interstellar.id, hidden: true });
    await fetch(`${site.url}/api/admin/content/movie/${interstellar.id}/hidden`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ hidden: false }),
    });
    expect(await firstOf('interstelar')).toBe('Interstellar');
  });
});

describe('search suggestions', () => {
  it('suggest movies and TV shows with poster and year as the visitor types', async () => {
    const { status, body } = await get<{
      movies: { id: number; name: string; year: number | null; poster_path: string | null }[];
      tvShows: unknown[];
    }>('/search/suggestions?q=incept');
    expect(status).toBe(200);
    expect(body.movies[0]).toMatchObject({ name: 'Inception', year: 2010, poster_path: expect.any(String) });
    expect(body.tvShows).toEqual([]);
    expect((await get<{ movies: unknown[] }>('/search/suggestions?q=star&limit=3')).body.movies).toHaveLength(
      3,
    );
  });

  it('refuse a bad query with a message', async () => {
    for (const query of [
      '',
      'q=',
      'q=star&limit=0',
      'q=star&limit=99',
      'q=star&other=1',
      `q=${'x'.repeat(300)}`,
    ]) {
      const { status, body } = await get<{ message?: string }>(`/search/suggestions?${query}`);
      expect(status, query).toBe(400);
      expect(typeof body.message).toBe('string');
    }
  });
});
