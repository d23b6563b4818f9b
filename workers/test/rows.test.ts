import { MOVIE_COLUMNS, TV_COLUMNS } from '@cinefold/platform';
import { describe, expect, it } from 'vitest';
import { rowReader } from '../src/imports/rows.js';

const movieHeader = [...MOVIE_COLUMNS];
/** A movie row with the given columns changed, in the order of the movie schema's header. */
function movieFields(values: Partial<Record<(typeof MOVIE_COLUMNS)[number], string>>): string[] {
  const defaults: Partial<Record<(typeof MOVIE_COLUMNS)[number], string>> = {
    id: '27205',
    title: 'Inception',
    vote_average: '8.364',
    vote_count: '34495',
    release_date: '2010-07-15',
    adult: 'False',
  };
  return MOVIE_COLUMNS.map((column) => values[column] ?? defaults[column] ?? '');
}
const readMovie = rowReader('movie', movieHeader);

describe('reading a CSV row as a title', () => {
  it('coerces numbers, dates, booleans, lists and blanks the way exports write them', () => {
    const row = readMovie(
      movieFields({
        title: '  Inception ',
        runtime: '',
        budget: '1.6e8',
        release_date: '7/5/2010',
        adult: 'TRUE',
        genres: 'Action,  Science Fiction ,, Adventure',
        poster_path: ' ',
        backdrop_path: '/b.jpg',
      }),
    );
    expect(row).toEqual({
      ok: true,
      title: expect.objectContaining({
        id: 27205,
        title: 'Inception',
        runtime: 0,
        budget: 160_000_000,
        release_date: '2010-07-05',
        adult: true,
        genres: 'Action, Science Fiction, Adventure',
        poster_path: null,
        backdrop_path: '/b.jpg',
        vote_average: 8.364,
      }),
    });
    // The title's fields come in the schema's order, whatever the file's column order.
    if (row.ok) expect(Object.keys(row.title).slice(0, 3)).toEqual(['id', 'title', 'overview']);
  });

  it('reads columns by the header, whatever their order, and blanks the missing ones', () => {
    const read = rowReader('movie', ['title', 'id']);
    const row = read(['Heat', '949']);
    expect(row).toMatchObject({ ok: true, title: { id: 949, title: 'Heat', overview: '', runtime: 0 } });
  });

  it.each([
    [{ id: '' }, 'id is missing'],
    [{ id: '12a' }, 'id must be a whole number'],
    [{ id: '0' }, 'id must be positive'],
    [{ id: '9999999999' }, 'id is too large'],
    [{ title: '   ' }, 'title is empty'],
    [{ title: 'x'.repeat(501) }, 'title is too long'],
    [{ runtime: 'ninety' }, 'runtime must be a number (got "ninety")'],
    [{ adult: 'yes' }, 'adult must be True or False (got "yes")'],
    [{ release_date: '2021-02-30' }, 'release_date must be a date like 2010-07-15 (got "2021-02-30")'],
    [{ release_date: 'someday' }, 'release_date must be a date like 2010-07-15 (got "someday")'],
  ])('rejects %j: %s', (values, reason) => {
    expect(readMovie(movieFields(values))).toEqual({ ok: false, reason });
  });

  it.each([
    [
      'an overview of 2,001 characters',
      { overview: 'x'.repeat(2001) },
      'overview is longer than 2000 characters',
    ],
    ['a tagline of 301 characters', { tagline: 'x'.repeat(301) }, 'tagline is longer than 300 characters'],
    [
      'a poster on another host',
      { poster_path: 'https://elsewhere.example/p.jpg' },
      'poster_path must be an image path like /abc123.jpg',
    ],
    [
      'a backdrop out of the image folder',
      { backdrop_path: '/../../admin.jpg' },
      'backdrop_path must be an image path like /abc123.jpg',
    ],
    ['markup for an IMDb id', { imdb_id: 'tt12"><script>' }, 'imdb_id must look like tt0133093'],
    [
      'a homepage of 520 characters',
      { homepage: `https://example.com/${'x'.repeat(500)}` },
      'homepage is longer than 500 characters',
    ],
    [
      '21 genres',
      { genres: Array.from({ length: 21 }, (_, i) => `Genre ${i}`).join(', ') },
      'genres has 21 names, at most 20',
    ],
    ['a genre of 51 characters', { genres: 'x'.repeat(51) }, 'genres has a name longer than 50 characters'],
    [
      '101 companies',
      { production_companies: Array.from({ length: 101 }, (_, i) => `Studio ${i}`).join(',') },
      'production_companies has 101 names, at most 100',
    ],
  ])('rejects %s: %s', (_label, values, reason) => {
    expect(readMovie(movieFields(values))).toEqual({ ok: false, reason });
  });

  it('names the first wrong column in the schema order, whether coercion or zod found it', () => {
    // id (zod: not positive) comes before runtime (coercion), which comes before adult.
    expect(readMovie(movieFields({ id: '0', runtime: 'x', adult: 'maybe' }))).toEqual({
      ok: false,
      reason: 'id must be positive',
    });
    // title (zod: empty) comes after id but before release_date (coercion).
    expect(readMovie(movieFields({ title: '', release_date: 'soon' }))).toEqual({
      ok: false,
      reason: 'title is empty',
    });
    expect(readMovie(movieFields({ release_date: 'soon', runtime: 'x' }))).toEqual({
      ok: false,
      reason: 'release_date must be a date like 2010-07-15 (got "soon")',
    });
  });

  it('rejects a row whose field count differs from the header', () => {
    expect(readMovie([...movieFields({}), 'extra'])).toEqual({
      ok: false,
      reason: `the row has ${MOVIE_COLUMNS.length + 1} fields where the header has ${MOVIE_COLUMNS.length}`,
    });
  });

  it('reads TV rows by their own schema', () => {
    const read = rowReader('tv', [...TV_COLUMNS]);
    const fields = TV_COLUMNS.map((column) =>
      column === 'id'
        ? '1399'
        : column === 'name'
          ? 'Game of Thrones'
          : column === 'in_production'
            ? 'false'
            : column === 'number_of_seasons'
              ? '8'
              : column === 'networks'
                ? 'HBO,Sky'
                : '',
    );
    expect(read(fields)).toMatchObject({
      ok: true,
      title: {
        id: 1399,
        name: 'Game of Thrones',
        number_of_seasons: 8,
        networks: 'HBO, Sky',
        in_production: false,
      },
    });
    expect(read(fields.map((v, i) => (TV_COLUMNS[i] === 'name' ? '' : v)))).toEqual({
      ok: false,
      reason: 'name is empty',
    });
  });
});
