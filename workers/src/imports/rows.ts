/**
 * One CSV row to one title, validated with zod. Values are coerced the way real exports write
 * them: numbers (blank means 0), YYYY-MM-DD dates (blank means none; M/D/YYYY from spreadsheets is
 * accepted), booleans in any case, lists as "A, B". A row that cannot be a title is rejected with
 * the reason, naming the column.
 */
import type { Movie, TvShow } from '@cinefold/contracts';
import { z } from 'zod';

const text = z
  .string()
  .optional()
  .transform((v) => (v ?? '').trim());
const nullableText = text.transform((v) => (v === '' ? null : v));

const number = (column: string) =>
  text.transform((v, ctx) => {
    if (v === '') return 0;
    const n = Number(v);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: `${column} must be a number (got "${v.slice(0, 40)}")` });
      return z.NEVER;
    }
    return n;
  });

const boolean = (column: string) =>
  text.transform((v, ctx) => {
    const lower = v.toLowerCase();
    if (lower === '' || lower === 'false' || lower === '0') return false;
    if (lower === 'true' || lower === '1') return true;
    ctx.addIssue({ code: 'custom', message: `${column} must be True or False (got "${v.slice(0, 40)}")` });
    return z.NEVER;
  });

const date = (column: string) =>
  text.transform((v, ctx) => {
    if (v === '') return null;
    let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
    let [year, month, day] = match ? [match[1], match[2], match[3]] : [];
    if (!match) {
      match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
      if (match) [month, day, year] = [match[1], match[2], match[3]];
    }
    const iso = match ? `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}` : '';
    if (
      !match ||
      Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) ||
      new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) !== iso
    ) {
      ctx.addIssue({
        code: 'custom',
        message: `${column} must be a date like 2010-07-15 (got "${v.slice(0, 40)}")`,
      });
      return z.NEVER;
    }
    return iso;
  });

const list = text.transform((v) =>
  v
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .join(', '),
);

const id = text.pipe(
  z
    .string()
    .min(1, 'id is missing')
    .regex(/^\d{1,10}$/, 'id must be a whole number')
    .transform(Number)
    .pipe(z.number().int().positive('id must be positive').max(2_147_483_647, 'id is too large')),
);
const required = (column: string) =>
  text.pipe(z.string().min(1, `${column} is empty`).max(500, `${column} is too long`));

const movieRow = z.object({
  id,
  title: required('title'),
  overview: text,
  tagline: text,
  poster_path: nullableText,
  backdrop_path: nullableText,
  release_date: date('release_date'),
  runtime: number('runtime'),
  vote_average: number('vote_average'),
  vote_count: number('vote_count'),
  genres: list,
  status: text,
  original_language: text,
  budget: number('budget'),
  revenue: number('revenue'),
  production_companies: list,
  homepage: text,
  imdb_id: text,
  popularity: number('popularity'),
  adult: boolean('adult'),
});

const tvRow = z.object({
  id,
  name: required('name'),
  overview: text,
  tagline: text,
  poster_path: nullableText,
  backdrop_path: nullableText,
  first_air_date: date('first_air_date'),
  last_air_date: date('last_air_date'),
  vote_average: number('vote_average'),
  vote_count: number('vote_count'),
  genres: list,
  number_of_seasons: number('number_of_seasons'),
  number_of_episodes: number('number_of_episodes'),
  status: text,
  type: text,
  networks: list,
  created_by: list,
  production_companies: list,
  original_language: text,
  homepage: text,
  in_production: boolean('in_production'),
  popularity: number('popularity'),
  episode_run_time: number('episode_run_time'),
  adult: boolean('adult'),
});

export type RowResult<T> = { ok: true; title: T } | { ok: false; reason: string };

function describe(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const column = issue.path.join('.');
  return issue.code === 'custom' || !column || issue.message.startsWith(column)
    ? issue.message
    : `${column}: ${issue.message}`;
}

/** Maps a row's fields by the file's header onto a movie or a TV show. */
export function rowReader(type: 'movie' | 'tv', header: readonly string[]) {
  const schema = type === 'movie' ? movieRow : tvRow;
  return (fields: readonly string[]): RowResult<Movie | TvShow> => {
    const values: Record<string, string> = {};
    header.forEach((column, i) => {
      values[column] = fields[i] ?? '';
    });
    const parsed = schema.safeParse(values);
    if (!parsed.success) return { ok: false, reason: describe(parsed.error) };
    if (fields.length !== header.length) {
      return {
        ok: false,
        reason: `the row has ${fields.length} fields where the header has ${header.length}`,
      };
    }
    // The typed event log validates the title against the event schema when it is appended.
    const title: Movie | TvShow = parsed.data;
    return { ok: true, title };
  };
}
