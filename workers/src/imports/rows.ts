/**
 * One CSV row to one title. Values are coerced the way real exports write them: numbers (blank
 * means 0), YYYY-MM-DD dates (blank means none; M/D/YYYY from spreadsheets is accepted), booleans
 * in any case, lists as "A, B". The typed row is then validated with zod (the title's schema with
 * the import's limits). A row that cannot be a title is rejected with the reason, naming the
 * column; when several columns are wrong, the first in the schema's order is named.
 *
 * Every text has a limit, far above what real rows hold (the longest overview of the TMDB sample
 * is 935 characters, the most genres 7, companies 30): the catalogue's answers carry these fields
 * to every visitor, and one row with a 750 KB overview and 15,000 genres made the home page's
 * answer 1 MB. Image paths and IMDb ids must have their shape: they become addresses.
 *
 * Coercion is plain code run once per field, by the column's position in the file's header:
 * doing it inside zod (a transform per field, on an object keyed by column) cost 16 µs a row,
 * more than parsing the CSV itself (see `npm run bench -- import`).
 */
import { type Movie, movieRecord, type TitleType, tvRecord, type TvShow } from '@cinefold/contracts';
import { z } from 'zod';

class Unreadable extends Error {}

const clip = (v: string) => v.slice(0, 40);

type Coerce = (value: string, column: string) => unknown;

const text: Coerce = (v) => v;
const nullableText: Coerce = (v) => (v === '' ? null : v);

const number: Coerce = (v, column) => {
  if (v === '') return 0;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Unreadable(`${column} must be a number (got "${clip(v)}")`);
  return n;
};

const boolean: Coerce = (v, column) => {
  const lower = v.toLowerCase();
  if (lower === '' || lower === 'false' || lower === '0') return false;
  if (lower === 'true' || lower === '1') return true;
  throw new Unreadable(`${column} must be True or False (got "${clip(v)}")`);
};

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const date: Coerce = (v, column) => {
  if (v === '') return null;
  let year: string | undefined;
  let month: string | undefined;
  let day: string | undefined;
  let match = ISO_DATE.exec(v);
  if (match) [, year, month, day] = match;
  else if ((match = US_DATE.exec(v))) [, month, day, year] = match;
  if (year && month && day) {
    const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
    const time = Date.parse(`${iso}T00:00:00Z`);
    // Date.parse rolls 2021-02-30 over to March: a real date prints back as itself.
    if (!Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === iso) return iso;
  }
  throw new Unreadable(`${column} must be a date like 2010-07-15 (got "${clip(v)}")`);
};

/** A list of at most `most` names of at most `longest` characters each, written "A, B". */
const list =
  (most: number, longest: number): Coerce =>
  (v, column) => {
    const items = v.includes(',')
      ? v
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : [v];
    if (items.length > most) throw new Unreadable(`${column} has ${items.length} names, at most ${most}`);
    if (items.some((item) => item.length > longest))
      throw new Unreadable(`${column} has a name longer than ${longest} characters`);
    return v.includes(',') ? items.join(', ') : v;
  };
const genres = list(20, 50);
/** Companies, networks, creators. */
const names = list(100, 200);

const WHOLE_NUMBER = /^\d{1,10}$/;
const id: Coerce = (v) => {
  if (v === '') throw new Unreadable('id is missing');
  if (!WHOLE_NUMBER.test(v)) throw new Unreadable('id must be a whole number');
  return Number(v);
};

/** Limits an imported title must meet beyond the API's shape. */
const required = (column: string) =>
  z.string().min(1, `${column} is empty`).max(500, `${column} is too long`);
const importedId = z.number().int().positive('id must be positive').max(2_147_483_647, 'id is too large');
const upTo = (column: string, most: number) =>
  z.string().max(most, `${column} is longer than ${most} characters`);
/** As TMDB writes them: "/oYuLEt3zVCKq57qu2F8dT7NIa6f.jpg". */
const imagePath = (column: string) =>
  z
    .string()
    .max(100, `${column} is longer than 100 characters`)
    .regex(/^\/[\w-]+\.(?:jpe?g|png|webp|gif|svg)$/i, `${column} must be an image path like /abc123.jpg`)
    .nullable();
const imdbId = z.string().regex(/^(?:tt\d{7,10})?$/, 'imdb_id must look like tt0133093');
/** The limits shared by both kinds of title. */
const importedText = {
  overview: upTo('overview', 2000),
  tagline: upTo('tagline', 300),
  poster_path: imagePath('poster_path'),
  backdrop_path: imagePath('backdrop_path'),
  status: upTo('status', 50),
  original_language: upTo('original_language', 20),
  homepage: upTo('homepage', 500),
};

/** Each output field: the CSV column it comes from, and how its text becomes a value. */
const movieColumns = {
  id,
  title: text,
  overview: text,
  tagline: text,
  poster_path: nullableText,
  backdrop_path: nullableText,
  release_date: date,
  runtime: number,
  vote_average: number,
  vote_count: number,
  genres,
  status: text,
  original_language: text,
  budget: number,
  revenue: number,
  production_companies: names,
  homepage: text,
  imdb_id: text,
  popularity: number,
  adult: boolean,
} satisfies Record<keyof Movie, Coerce>;
const movieRow = movieRecord.extend({
  id: importedId,
  title: required('title'),
  ...importedText,
  imdb_id: imdbId,
});

const tvColumns = {
  id,
  name: text,
  overview: text,
  tagline: text,
  poster_path: nullableText,
  backdrop_path: nullableText,
  first_air_date: date,
  last_air_date: date,
  vote_average: number,
  vote_count: number,
  genres,
  number_of_seasons: number,
  number_of_episodes: number,
  status: text,
  type: text,
  networks: names,
  created_by: names,
  production_companies: names,
  original_language: text,
  homepage: text,
  in_production: boolean,
  popularity: number,
  episode_run_time: number,
  adult: boolean,
} satisfies Record<keyof TvShow, Coerce>;
const tvRow = tvRecord.extend({
  id: importedId,
  name: required('name'),
  ...importedText,
  type: upTo('type', 50),
});

export type RowResult<T> = { ok: true; title: T } | { ok: false; reason: string };

function describe(issue: z.core.$ZodIssue): string {
  const column = issue.path.join('.');
  return !column || issue.message.startsWith(column) ? issue.message : `${column}: ${issue.message}`;
}

/** Maps a row's fields by the file's header onto a movie or a TV show. */
export function rowReader(type: TitleType, header: readonly string[]) {
  const columns: Record<string, Coerce> = type === 'movie' ? movieColumns : tvColumns;
  const schema: z.ZodType<Movie | TvShow> = type === 'movie' ? movieRow : tvRow;
  const plan = Object.entries(columns).map(([field, coerce]) => ({
    field,
    coerce,
    at: header.indexOf(field),
  }));
  const fieldOrder = plan.map((step) => step.field);

  return (fields: readonly string[]): RowResult<Movie | TvShow> => {
    const values: Record<string, unknown> = {};
    // The first column that could not be coerced, by the schema's order.
    let unreadable: { at: number; reason: string } | null = null;
    for (let i = 0; i < plan.length; i++) {
      const { field, coerce, at } = plan[i]!;
      const raw = at < 0 ? '' : (fields[at] ?? '').trim();
      try {
        values[field] = coerce(raw, field);
      } catch (error) {
        if (!(error instanceof Unreadable)) throw error;
        unreadable ??= { at: i, reason: error.message };
        values[field] = undefined;
      }
    }
    const parsed = schema.safeParse(values);
    if (!parsed.success || unreadable) {
      // zod names every field a failed coercion left out, too: the earliest problem is the reason.
      const issue = parsed.error?.issues
        .map((i) => ({ at: fieldOrder.indexOf(String(i.path[0] ?? '')), reason: describe(i) }))
        .filter((i) => !unreadable || i.at < unreadable.at)
        .sort((a, b) => a.at - b.at)[0];
      return { ok: false, reason: (issue ?? unreadable)!.reason };
    }
    if (fields.length !== header.length) {
      return {
        ok: false,
        reason: `the row has ${fields.length} fields where the header has ${header.length}`,
      };
    }
    // The typed event log validates the title against the event schema again when it is appended.
    return { ok: true, title: parsed.data };
  };
}
