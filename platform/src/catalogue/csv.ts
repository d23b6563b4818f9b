/**
 * Reading uploaded catalogue CSVs: their columns, their encoding, and their records, streamed.
 * The upload route uses it to refuse a bad file at once; the import worker to read a good one.
 */
import type { TitleType } from '@cinefold/contracts';
import { open } from 'node:fs/promises';
import { CsvRecordTooLong, CsvRecords, type CsvRecord } from './csv-records.js';

export type { CsvRecord } from './csv-records.js';

/**
 * The column order of the TMDB exports (TMDB_movie_dataset_v11.csv and its TV counterpart): the
 * importer reads any order by name, and the generator writes exactly this one.
 */
export const MOVIE_COLUMNS = [
  'id',
  'title',
  'vote_average',
  'vote_count',
  'status',
  'release_date',
  'revenue',
  'runtime',
  'adult',
  'backdrop_path',
  'budget',
  'homepage',
  'imdb_id',
  'original_language',
  'original_title',
  'overview',
  'popularity',
  'poster_path',
  'tagline',
  'genres',
  'production_companies',
  'production_countries',
  'spoken_languages',
  'keywords',
] as const;

export const TV_COLUMNS = [
  'id',
  'name',
  'number_of_seasons',
  'number_of_episodes',
  'original_language',
  'vote_count',
  'vote_average',
  'overview',
  'adult',
  'backdrop_path',
  'first_air_date',
  'last_air_date',
  'homepage',
  'in_production',
  'original_name',
  'popularity',
  'poster_path',
  'type',
  'status',
  'tagline',
  'genres',
  'created_by',
  'languages',
  'networks',
  'origin_country',
  'spoken_languages',
  'production_companies',
  'production_countries',
  'episode_run_time',
] as const;

export const CSV_COLUMNS: Readonly<Record<TitleType, readonly string[]>> = {
  movie: MOVIE_COLUMNS,
  tv: TV_COLUMNS,
};

/** Without these a row cannot become a title; every other column may be missing (real exports drop some). */
export const REQUIRED_COLUMNS = { movie: ['id', 'title'], tv: ['id', 'name'] } as const;

export type CsvEncoding = 'utf-8' | 'windows-1252';

/**
 * UTF-8 when the sample decodes as UTF-8, else Windows-1252: what a spreadsheet round trip on
 * Windows leaves behind (the damaged sample's 0x94 is a curly quote there).
 */
export function detectEncoding(sample: Buffer): CsvEncoding {
  // A multi-byte character may be cut at the end of the sample: ignore its last 3 bytes.
  const body = sample.length > 3 ? sample.subarray(0, sample.length - 3) : sample;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

const SAMPLE_BYTES = 256 * 1024;

export interface CsvInspection {
  readonly encoding: CsvEncoding;
  readonly header: string[];
}

export class CsvProblem extends Error {
  override readonly name = 'CsvProblem';
}

/** Checks that a file is a CSV of the given kind before anything is imported from it. */
export async function inspectCsv(file: string, type: TitleType): Promise<CsvInspection> {
  const handle = await open(file);
  let sample: Buffer;
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SAMPLE_BYTES, 0);
    sample = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (sample.length === 0 || sample.toString('latin1').trim() === '')
    throw new CsvProblem('The file is empty.');
  if (sample.includes(0)) throw new CsvProblem('This is not a CSV file: it contains binary data.');
  const encoding = detectEncoding(sample);
  const text = new TextDecoder(encoding).decode(sample).replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/);
  const header = parseHeader(lines[0] ?? '');
  const missing = REQUIRED_COLUMNS[type].filter((column) => !header.includes(column));
  if (missing.length > 0) {
    const other = type === 'movie' ? 'tv' : 'movie';
    const looksLikeOther = REQUIRED_COLUMNS[other].every((column) => header.includes(column));
    throw new CsvProblem(
      `The CSV header lacks the required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` +
        (looksLikeOther
          ? ` (it looks like a ${other === 'tv' ? 'TV' : 'movie'} file: choose type ${other}).`
          : '.'),
    );
  }
  if (!lines.slice(1).some((line) => line.trim() !== ''))
    throw new CsvProblem('The file has a header but no rows.');
  return { encoding, header };
}

function parseHeader(line: string): string[] {
  const [header] = new CsvRecords(MAX_RECORD_BYTES).end(line).records;
  return (header?.fields ?? []).map((f) => f.trim().toLowerCase());
}

/**
 * The most one record may hold, in characters (each at least a byte, so a record refused is
 * longer than that many bytes too). A record's text is kept until it ends, so without a bound one
 * unclosed quote would hold the rest of a 2 GB upload in memory; the longest real title row is a
 * few KB.
 */
export const MAX_RECORD_BYTES = 1024 * 1024;

/**
 * Streams the records of a CSV file, chunk by chunk: the next chunk is read only once the
 * records of the previous one have been handled, so memory stays flat whatever the file size.
 * A record cut short by the end of the file (an unclosed quote) is reported, not thrown.
 */
export async function readCsv(
  file: string,
  encoding: CsvEncoding,
  onRecords: (records: CsvRecord[], bytesRead: number) => Promise<void>,
): Promise<{ unterminatedAtLine: number | null }> {
  const records = new CsvRecords(MAX_RECORD_BYTES);
  // A character cut at a chunk's end is kept for the next (`stream`); a UTF-8 byte order mark is
  // left out (and a first U+FEFF in any encoding, by CsvRecords).
  const decoder = new TextDecoder(encoding);
  const handle = await open(file);
  let bytesRead = 0;
  try {
    const buffer = Buffer.allocUnsafe(1024 * 1024);
    for (;;) {
      const { bytesRead: n } = await handle.read(buffer, 0, buffer.length, null);
      if (n === 0) break;
      bytesRead += n;
      const read = tooLong(() => records.push(decoder.decode(buffer.subarray(0, n), { stream: true })));
      if (read.length > 0) await onRecords(read, bytesRead);
    }
  } finally {
    await handle.close();
  }
  const { records: last, unclosedAtLine } = tooLong(() => records.end(decoder.decode()));
  if (last.length > 0) await onRecords(last, bytesRead);
  return { unterminatedAtLine: unclosedAtLine };
}

/** `read`, with a record too long to hold refused as the file's problem. */
function tooLong<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof CsvRecordTooLong)) throw error;
    throw new CsvProblem(
      `Line ${error.line} is longer than ${MAX_RECORD_BYTES / 1024 ** 2} MiB, the most one row may hold: ` +
        'a quoted field is probably never closed.',
    );
  }
}
