/**
 * Reading uploaded catalogue CSVs: their columns, their encoding, and their records, streamed.
 * The upload route uses it to refuse a bad file at once; the import worker to read a good one.
 */
import type { TitleType } from '@cinefold/contracts';
import { open } from 'node:fs/promises';
import { type Info, type Options, parse } from 'csv-parse';

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
  const fields: string[] = [];
  const parser = parse({ relax_quotes: true, on_record: (record: string[]) => void fields.push(...record) });
  parser.on('error', () => undefined);
  parser.end(line);
  return fields.map((f) => f.trim().toLowerCase());
}

/**
 * The most one record may hold. csv-parse keeps a record's bytes until it ends, so without a
 * bound one unclosed quote would hold the rest of a 2 GB upload in memory; the longest real
 * title row is a few KB.
 */
export const MAX_RECORD_BYTES = 1024 * 1024;

/** What the parser has counted so far: the lines it read, and the empty ones it skipped. */
type ParserInfo = Pick<Info, 'lines' | 'empty_lines'>;

/**
 * The line each record starts on. The parser counts the lines it has read (the end of the record
 * it gives), not where a record began: the empty lines it skipped before a record move its start
 * down, and a line break quoted inside a field moves the next one's. Its count of a quoted CRLF
 * is two lines, so a record's own line breaks are counted here when it spans more than one.
 */
class RecordLines {
  /** The line after the last record, and the parser's counts when it ended. */
  private after = 1;
  private readThrough = 0;
  private skipped = 0;

  /** Where `record`, which the parser has just read, started. */
  record(fields: readonly string[], info: ParserInfo): number {
    const start = this.next(info);
    const spanned = info.lines - this.readThrough - (info.empty_lines - this.skipped);
    this.after = start + (spanned === 1 ? 1 : 1 + lineBreaksIn(fields));
    this.readThrough = info.lines;
    this.skipped = info.empty_lines;
    return start;
  }

  /** Where the next record starts: after the last one and the empty lines since. */
  next(info: ParserInfo): number {
    return this.after + (info.empty_lines - this.skipped);
  }
}

/** Line breaks quoted inside fields: CRLF, LF or a lone CR, each one. */
function lineBreaksIn(fields: readonly string[]): number {
  let breaks = 0;
  for (const field of fields) {
    for (let at = field.indexOf('\n'); at !== -1; at = field.indexOf('\n', at + 1)) breaks++;
    for (let at = field.indexOf('\r'); at !== -1; at = field.indexOf('\r', at + 1))
      if (field[at + 1] !== '\n') breaks++;
  }
  return breaks;
}

export interface CsvRecord {
  /** 1-based line where the record starts (a quoted field may span lines). */
  readonly line: number;
  readonly fields: string[];
}

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
  let pending: CsvRecord[] = [];
  const lines = new RecordLines();
  const options: Options = {
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_BYTES,
    // Records are taken here, synchronously, rather than read from the stream: a stream that
    // fails at the end (a cut-off last row) would drop the records still buffered in it.
    on_record: ((record: string[], info: ParserInfo) => {
      pending.push({ line: lines.record(record, info), fields: record });
      return undefined;
    }) as unknown as Options['on_record'],
  };
  const parser = parse(options);
  let failure: Error | null = null;
  parser.on('error', (error) => {
    failure = error;
  });
  const write = (chunk: string | Buffer) =>
    new Promise<void>((resolve) => parser.write(chunk, () => resolve()));
  // csv-parse works on UTF-8 bytes: a UTF-8 file goes in as read (decoding it here only for
  // the parser to encode it again cost a tenth of its time); Windows-1252 is decoded first.
  const decoder = encoding === 'utf-8' ? null : new TextDecoder(encoding);
  const handle = await open(file);
  let bytesRead = 0;
  try {
    for (;;) {
      // A new buffer each time: the parser keeps a view of an unfinished record's bytes.
      const buffer = Buffer.allocUnsafe(1024 * 1024);
      const { bytesRead: n } = await handle.read(buffer, 0, buffer.length, null);
      if (n === 0) break;
      bytesRead += n;
      const chunk = buffer.subarray(0, n);
      await write(decoder ? decoder.decode(chunk, { stream: true }) : chunk);
      if (failure) break;
      const records = pending;
      pending = [];
      if (records.length > 0) await onRecords(records, bytesRead);
    }
  } finally {
    await handle.close();
  }
  const tail = decoder?.decode();
  if (tail && !failure) await write(tail);
  if (!failure) {
    await new Promise<void>((resolve) => {
      parser.once('finish', () => resolve());
      parser.once('error', () => resolve());
      parser.end();
    });
  }
  if (pending.length > 0) await onRecords(pending, bytesRead);
  const error = failure as (Error & { code?: string }) | null;
  const cutAt = () => lines.next(parser.info);
  if (error?.code === 'CSV_QUOTE_NOT_CLOSED') return { unterminatedAtLine: cutAt() };
  if (error?.code === 'CSV_MAX_RECORD_SIZE') {
    throw new CsvProblem(
      `Line ${cutAt()} is longer than ${MAX_RECORD_BYTES / 1024 ** 2} MiB, the most one row may hold: ` +
        'a quoted field is probably never closed.',
    );
  }
  if (error) throw new CsvProblem(`The CSV could not be read after line ${cutAt() - 1}: ${error.message}`);
  return { unterminatedAtLine: null };
}
