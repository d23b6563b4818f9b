/**
 * The files members bring their lists in: what each service's export looks like, and one row per
 * title out of it. Anything else is refused with one line saying what is wrong, before anything
 * is matched or written.
 *
 * - Letterboxd (`watched.csv`, `watchlist.csv`, `ratings.csv`, `diary.csv`): Date, Name, Year,
 *   Letterboxd URI (Rating, Watched Date). Its own import format (Title, Year, tmdbID, imdbID,
 *   WatchedDate), which is what the site exports, reads too.
 * - IMDb (a list's export, the ratings export): Const (the IMDb id), Title, Title Type, Year.
 * - Trakt (JSON): an array of items holding a `movie` or a `show` (an episode's show), with its
 *   `ids.tmdb` and `ids.imdb`, and `watched_at` / `listed_at` / `rated_at`.
 */
import { LIST_FILE_MAX_TITLES, type ListFileFormat, type TitleType } from '@cinefold/contracts';
import { parse } from 'csv-parse/sync';

/** One title of a member's file. */
export interface ListFileEntry {
  /** Its line in the file (a CSV's header is line 1); its place in a Trakt array, from 1. */
  readonly line: number;
  readonly title: string;
  readonly year: string | null;
  /** Null when the file does not say (Letterboxd lists films only: movie). */
  readonly type: TitleType | null;
  readonly tmdbId: number | null;
  readonly imdbId: string | null;
  /** When the member watched it, if the file says (ISO date). */
  readonly watchedAt: string | null;
}

export interface ListFile {
  readonly format: ListFileFormat;
  readonly entries: ListFileEntry[];
}

/** Why a file cannot be imported: one line, shown to the member as it is. */
export class ListFileProblem extends Error {
  override readonly name = 'ListFileProblem';
}

const NOT_AN_EXPORT =
  'This file is not a Letterboxd, IMDb or Trakt export: a Letterboxd CSV has the columns Name and Year, an IMDb CSV the column Const, a Trakt export is JSON.';

const IMDB_ID = /^tt\d{7,10}$/;
const YEAR = /^\d{4}$/;

function tooMany(count: number): ListFileProblem {
  return new ListFileProblem(
    `The file has ${count.toLocaleString('en-US')} titles; at most ${LIST_FILE_MAX_TITLES.toLocaleString('en-US')} can be imported at once. Split it and import the parts.`,
  );
}

const yearOf = (value: unknown): string | null => {
  const text = String(value ?? '')
    .trim()
    .slice(0, 4);
  return YEAR.test(text) ? text : null;
};
const dateOf = (value: unknown): string | null => {
  const text = String(value ?? '').trim();
  return /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : null;
};
const tmdbOf = (value: unknown): number | null => {
  const id = Number(String(value ?? '').trim());
  return Number.isInteger(id) && id > 0 && id < 2 ** 31 ? id : null;
};
const imdbOf = (value: unknown): string | null => {
  const id = String(value ?? '').trim();
  return IMDB_ID.test(id) ? id : null;
};

/** IMDb's Title Type (`tvSeries` or `TV Series`): series are TV shows, the rest (movie, TV movie, short, video) films. */
const imdbType = (titleType: string): TitleType =>
  /^tv ?(mini ?)?series$/i.test(titleType.trim()) ? 'tv' : 'movie';

/** Reads a member's export, or throws a `ListFileProblem`. */
export function readListFile(content: Buffer): ListFile {
  let text = content.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') throw new ListFileProblem('The file is empty.');
  if (text.includes('\u0000')) throw new ListFileProblem(NOT_AN_EXPORT);
  const first = text.trimStart()[0];
  return first === '[' || first === '{' ? readTrakt(text) : readCsv(text);
}

function readCsv(text: string): ListFile {
  let records: string[][];
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new ListFileProblem(
      `The file could not be read as CSV${line ? ` (line ${line})` : ''}: ${
        (error as Error).message.replace(/^Invalid [^:]*: /, '').split('\n')[0]
      }`,
    );
  }
  const header = (records[0] ?? []).map((h) => h.trim());
  const at = (name: string) => header.findIndex((h) => h.toLowerCase() === name.toLowerCase());
  const rows = records.slice(1);
  if (rows.length > LIST_FILE_MAX_TITLES) throw tooMany(rows.length);

  const constAt = at('Const');
  const nameAt = at('Name') >= 0 ? at('Name') : at('Title');
  const yearAt = at('Year');
  const tmdbAt = at('tmdbID');
  const imdbAt = at('imdbID');
  let format: ListFileFormat;
  if (constAt >= 0 && at('Title') >= 0) format = 'imdb';
  else if (at('Name') >= 0 && yearAt >= 0 && at('Letterboxd URI') >= 0) format = 'letterboxd';
  // Letterboxd's import format (what the site exports): Title and Year, or an id.
  else if (at('Title') >= 0 && (tmdbAt >= 0 || imdbAt >= 0 || (yearAt >= 0 && header.length <= 6)))
    format = 'letterboxd';
  else throw new ListFileProblem(NOT_AN_EXPORT);
  if (rows.length === 0) throw new ListFileProblem('The file has a header but no titles.');

  const titleAt = format === 'imdb' ? at('Title') : nameAt;
  const typeAt = at('Title Type');
  const watchedAt = [at('Watched Date'), at('WatchedDate'), at('Date Rated'), at('Date')].find((i) => i >= 0);
  const entries = rows.map((row, i): ListFileEntry => {
    const line = i + 2;
    const title = (row[titleAt] ?? '').trim();
    const tmdbId = tmdbAt >= 0 ? tmdbOf(row[tmdbAt]) : null;
    const imdbRaw = format === 'imdb' ? row[constAt] : imdbAt >= 0 ? row[imdbAt] : undefined;
    const imdbId = imdbOf(imdbRaw);
    if (format === 'imdb' && !imdbId)
      throw new ListFileProblem(
        `Line ${line}: "${String(imdbRaw ?? '').slice(0, 20)}" is not an IMDb id (Const must look like tt0133093).`,
      );
    if (!title && tmdbId === null && imdbId === null) throw new ListFileProblem(`Line ${line} has no title.`);
    return {
      line,
      title: title.slice(0, 300),
      year: yearAt >= 0 ? yearOf(row[yearAt]) : null,
      type:
        format === 'imdb' && typeAt >= 0 ? imdbType(row[typeAt] ?? '') : format === 'imdb' ? null : 'movie',
      tmdbId,
      imdbId,
      watchedAt: watchedAt === undefined ? null : dateOf(row[watchedAt]),
    };
  });
  return { format, entries };
}

interface TraktMedia {
  title?: unknown;
  year?: unknown;
  ids?: { tmdb?: unknown; imdb?: unknown };
}

function readTrakt(text: string): ListFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ListFileProblem(`The file could not be read as JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(data)) throw new ListFileProblem(NOT_AN_EXPORT);
  if (data.length > LIST_FILE_MAX_TITLES) throw tooMany(data.length);
  if (data.length === 0) throw new ListFileProblem('The file holds no titles.');
  const entries = data.map((item: unknown, i): ListFileEntry => {
    const place = i + 1;
    const record = (item ?? {}) as Record<string, unknown>;
    const isMovie = typeof record.movie === 'object' && record.movie !== null;
    const isShow = typeof record.show === 'object' && record.show !== null;
    if (!isMovie && !isShow)
      throw new ListFileProblem(
        `Item ${place} of the file has no movie or show: this is not a Trakt export of history, watchlist or ratings.`,
      );
    const media = (isMovie ? record.movie : record.show) as TraktMedia;
    const title = typeof media.title === 'string' ? media.title.trim() : '';
    const tmdbId = tmdbOf(media.ids?.tmdb);
    const imdbId = imdbOf(media.ids?.imdb);
    if (!title && tmdbId === null && imdbId === null)
      throw new ListFileProblem(`Item ${place} of the file has no title and no ids.`);
    return {
      line: place,
      title: title.slice(0, 300),
      year: yearOf(media.year),
      type: isMovie ? 'movie' : 'tv',
      tmdbId,
      imdbId,
      watchedAt: dateOf(record.watched_at ?? record.last_watched_at ?? record.listed_at ?? record.rated_at),
    };
  });
  return { format: 'trakt', entries };
}
