import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { TitleType } from '@cinefold/contracts';
import { MOVIE_COLUMNS, TV_COLUMNS } from '@cinefold/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SAMPLE_PATH,
  generateMovieRows,
  generateTvRows,
  writeCsv,
  type WriteCsvOptions,
} from '../src/datasets/index.js';

// The importer's columns: the generator must write exactly these, in this order.
const MOVIE_SCHEMA = [...MOVIE_COLUMNS];
const TV_SCHEMA = [...TV_COLUMNS];
const MOVIE_GENRES = new Set(
  'Action,Adventure,Animation,Comedy,Crime,Documentary,Drama,Family,Fantasy,History,Horror,Music,Mystery,Romance,Science Fiction,TV Movie,Thriller,War,Western'.split(
    ',',
  ),
);
const TV_GENRES = new Set(
  'Action & Adventure,Animation,Comedy,Crime,Documentary,Drama,Family,Kids,Mystery,News,Reality,Sci-Fi & Fantasy,Soap,Talk,War & Politics,Western'.split(
    ',',
  ),
);

/**
 * A strict RFC 4180 reader, independent of the generator's code: quoted fields with doubled
 * quotes and embedded line breaks, records ended by exactly `eol`. Anything else (a quote inside
 * an unquoted field, text after a closing quote, an unterminated quote, the other line ending
 * outside quotes) throws, so a malformed file cannot pass as the right number of fields.
 */
function readCsv(text: string, eol: '\n' | '\r\n' = '\n'): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field: string;
    if (text[i] === '"') {
      field = '';
      i++;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote < 0) throw new Error(`unterminated quoted field starting before offset ${i}`);
        field += text.slice(i, quote);
        if (text[quote + 1] === '"') {
          field += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
    } else {
      const start = i;
      while (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
        if (text[i] === '"') throw new Error(`quote inside an unquoted field at offset ${i}`);
        i++;
      }
      field = text.slice(start, i);
    }
    record.push(field);
    if (text[i] === ',') {
      i++;
      if (i === text.length) record.push('');
    } else if (text.startsWith(eol, i)) {
      i += eol.length;
      records.push(record);
      record = [];
    } else if (i < text.length) {
      throw new Error(`unexpected ${JSON.stringify(text.slice(i, i + 2))} after a field at offset ${i}`);
    }
  }
  if (record.length > 0) records.push(record);
  return records;
}

const ofColumn = (records: string[][], schema: string[], column: string): string[] => {
  const at = schema.indexOf(column);
  return records.slice(1).map((r) => r[at]!);
};

const count = (values: string[], test: (value: string) => boolean): number => values.filter(test).length;

const dir = mkdtempSync(join(tmpdir(), 'cinefold-generate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function generate(kind: TitleType, rows: number, seed: number, options: WriteCsvOptions = {}) {
  const path = join(
    dir,
    `${kind}-${rows}-${seed}-${options.lineEnding ?? 'lf'}-${options.bom ? 'bom' : 'nobom'}.csv`,
  );
  const result = await writeCsv(path, kind, rows, seed, options);
  return { path, result, bytes: readFileSync(path) };
}

describe('the test CSV reader', () => {
  it('reads quoted fields, doubled quotes and embedded line breaks', () => {
    expect(readCsv('"a""b","c\nd",e\r\nf,"",g\r\n', '\r\n')).toEqual([
      ['a"b', 'c\nd', 'e'],
      ['f', '', 'g'],
    ]);
  });

  it('refuses malformed CSV and the wrong line ending', () => {
    expect(() => readCsv('"abc\n')).toThrow(/unterminated/);
    expect(() => readCsv('a"b\n')).toThrow(/quote inside/);
    expect(() => readCsv('"a"b\n')).toThrow(/unexpected/);
    expect(() => readCsv('a,b\r\n', '\n')).toThrow(/unexpected/);
    expect(() => readCsv('a,b\nc,d\r\n', '\r\n')).toThrow(/unexpected/);
  });
});

describe('generated movie CSV', () => {
  let text: string;
  let records: string[][];
  const column = (name: string) => ofColumn(records, MOVIE_SCHEMA, name);

  beforeAll(async () => {
    const { bytes } = await generate('movie', 5000, 7);
    text = bytes.toString('utf8');
    records = readCsv(text);
  });

  it('starts with exactly the movie columns, in order, every field quoted', () => {
    expect(records[0]).toEqual(MOVIE_SCHEMA);
    expect(text.startsWith('"id","title","vote_average",')).toBe(true);
  });

  it('has one record per row, each with exactly 24 fields', () => {
    expect(records).toHaveLength(5001);
    expect(records.filter((r) => r.length !== 24)).toEqual([]);
  });

  it('gives every row a unique id in a TMDB-like range, not in id order', () => {
    const ids = column('id').map(Number);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => Number.isInteger(id) && id >= 1 && id <= 1_500_000)).toBe(true);
    expect(ids.slice(1).some((id, i) => id < ids[i]!)).toBe(true);
  });

  it('shapes values like the real rows', () => {
    const days = column('release_date').filter((d) => d !== '');
    expect(days.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d)))).toBe(true);
    const years = days.map((d) => Number(d.slice(0, 4)));
    expect(Math.min(...years)).toBeGreaterThanOrEqual(1900);
    expect(Math.max(...years)).toBeLessThanOrEqual(2025);
    // Newer more frequent: the 2010s outnumber the 1960s many times over.
    expect(count(days, (d) => d.startsWith('201'))).toBeGreaterThan(
      5 * count(days, (d) => d.startsWith('196')),
    );

    const averages = column('vote_average');
    expect(averages.every((v) => /^\d{1,2}\.\d{1,3}$/.test(v) && Number(v) >= 0 && Number(v) <= 10)).toBe(
      true,
    );
    const votes = column('vote_count').map(Number);
    expect(votes.every(Number.isSafeInteger)).toBe(true);
    // Long-tailed: the median is tiny, the maximum is thousands.
    expect(votes.toSorted((a, b) => a - b)[2500]).toBeLessThan(20);
    expect(Math.max(...votes)).toBeGreaterThan(1000);
    expect(column('popularity').every((v) => /^\d+\.\d{1,3}$/.test(v))).toBe(true);

    for (const name of ['revenue', 'runtime', 'budget'])
      expect(column(name).every((v) => /^\d+$/.test(v))).toBe(true);
    expect(count(column('budget'), (v) => v === '0')).toBeGreaterThan(2500);
    expect(column('imdb_id').every((v) => v === '' || /^tt\d{7}$/.test(v))).toBe(true);
    for (const name of ['backdrop_path', 'poster_path']) {
      expect(column(name).every((v) => v === '' || /^\/[A-Za-z0-9]{26,27}\.jpg$/.test(v))).toBe(true);
    }
    expect(column('original_language').every((v) => /^[a-z]{2}$/.test(v))).toBe(true);
    expect(column('adult').every((v) => /^(True|False|true|false|TRUE|FALSE)$/.test(v))).toBe(true);

    const genreLists = column('genres').map((g) => g.split(', '));
    expect(genreLists.every((g) => g.length >= 1 && g.length <= 3 && new Set(g).size === g.length)).toBe(
      true,
    );
    expect(genreLists.flat().every((g) => MOVIE_GENRES.has(g))).toBe(true);
    expect(new Set(genreLists.flat()).size).toBe(19);
  });

  it('has the long tail: blank dates, zero runtimes, adult titles, multi-line and quoted text, accents, CJK', () => {
    const titles = column('title');
    const overviews = column('overview');
    const adult = column('adult');
    expect(count(column('release_date'), (v) => v === '')).toBeGreaterThan(50);
    expect(count(column('runtime'), (v) => v === '0')).toBeGreaterThan(50);
    expect(count(adult, (v) => v.toLowerCase() === 'true')).toBeGreaterThan(25);
    expect(count(adult, (v) => v === 'false')).toBeGreaterThan(25);
    expect(count(adult, (v) => v === 'FALSE')).toBeGreaterThan(25);
    expect(count(overviews, (v) => v.includes('\n'))).toBeGreaterThan(50);
    expect(count(overviews, (v) => v.includes('"'))).toBeGreaterThan(50);
    expect(count(overviews, (v) => v === '')).toBeGreaterThan(25);
    expect(count(titles, (v) => v.includes('"'))).toBeGreaterThan(25);
    expect(count(titles, (v) => v.includes(','))).toBeGreaterThan(25);
    expect(count(titles, (v) => /[À-ÿ]/.test(v))).toBeGreaterThan(10);
    expect(
      count(column('original_title'), (v) => /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/.test(v)),
    ).toBeGreaterThan(10);
    expect(count(column('tagline'), (v) => v === '')).toBeGreaterThan(250);
    expect(count(column('homepage'), (v) => v === '')).toBeGreaterThan(250);
    expect(count(column('vote_count'), (v) => v === '0')).toBeGreaterThan(250);
  });

  it.skipIf(!existsSync(DEFAULT_SAMPLE_PATH))(
    'uses overview words about as often as the real overviews do',
    () => {
      // The sample has no multi-line fields and ends mid-row: cutting at its last line break leaves whole rows.
      const sample = readFileSync(DEFAULT_SAMPLE_PATH, 'utf8');
      const real = readCsv(sample.slice(0, sample.lastIndexOf('\n') + 1));
      const share = (overviews: string[], word: string) =>
        count(overviews, (o) => new RegExp(`\\b${word}\\b`, 'i').test(o)) / overviews.length;
      const realOverviews = ofColumn(real, MOVIE_SCHEMA, 'overview').filter((o) => o !== '');
      const ours = column('overview').filter((o) => o !== '');
      for (const word of ['love', 'young', 'family', 'life', 'world', 'man', 'new']) {
        const ratio = share(ours, word) / share(realOverviews, word);
        expect(ratio, word).toBeGreaterThan(0.6);
        expect(ratio, word).toBeLessThan(1.6);
      }
    },
  );
});

describe('generated TV CSV', () => {
  let records: string[][];
  const column = (name: string) => ofColumn(records, TV_SCHEMA, name);

  beforeAll(async () => {
    records = readCsv((await generate('tv', 5000, 7)).bytes.toString('utf8'));
  });

  it('starts with exactly the TV columns and gives every row 29 fields', () => {
    expect(records[0]).toEqual(TV_SCHEMA);
    expect(records).toHaveLength(5001);
    expect(records.filter((r) => r.length !== 29)).toEqual([]);
    const ids = column('id');
    expect(new Set(ids).size).toBe(5000);
  });

  it('keeps seasons, episodes, dates, status and in_production consistent', () => {
    const rows = records.slice(1).map((r) => Object.fromEntries(TV_SCHEMA.map((c, i) => [c, r[i]!])));
    for (const row of rows) {
      const seasons = Number(row.number_of_seasons);
      expect(seasons).toBeGreaterThanOrEqual(1);
      expect(seasons).toBeLessThanOrEqual(15);
      expect(Number(row.number_of_episodes)).toBeGreaterThanOrEqual(seasons);
      expect(['Scripted', 'Reality', 'Documentary', 'Miniseries', 'Talk Show', 'News']).toContain(row.type);
      expect(['Returning Series', 'Ended', 'Canceled', 'In Production']).toContain(row.status);
      const running = row.status === 'Returning Series' || row.status === 'In Production';
      expect(row.in_production!.toLowerCase()).toBe(running ? 'true' : 'false');
      if (row.first_air_date === '') expect(row.last_air_date).toBe('');
      else expect(row.last_air_date! >= row.first_air_date!).toBe(true);
      expect(row.episode_run_time).toMatch(/^\d+$/);
      for (const genre of row.genres!.split(', ')) expect(TV_GENRES.has(genre)).toBe(true);
    }
  });

  it('has the long tail too', () => {
    expect(count(column('first_air_date'), (v) => v === '')).toBeGreaterThan(50);
    expect(count(column('overview'), (v) => v.includes('\n'))).toBeGreaterThan(50);
    expect(count(column('adult'), (v) => v.toLowerCase() === 'true')).toBeGreaterThan(10);
    expect(count(column('in_production'), (v) => v === 'True')).toBeGreaterThan(250);
    expect(count(column('original_name'), (v) => /[^ -~]/.test(v))).toBeGreaterThan(50);
  });
});

describe('writeCsv', () => {
  it('gives the same bytes for the same seed and different bytes for another', async () => {
    const first = await generate('movie', 2000, 42);
    const again = await writeCsv(join(dir, 'again.csv'), 'movie', 2000, 42);
    const other = await generate('movie', 2000, 43);
    expect(again.bytes).toBe(first.bytes.length);
    expect(readFileSync(join(dir, 'again.csv')).equals(first.bytes)).toBe(true);
    expect(other.bytes.equals(first.bytes)).toBe(false);
    expect([...generateTvRows(300, 5)]).toEqual([...generateTvRows(300, 5)]);
    expect([...generateMovieRows(0, 5)]).toEqual([]);
    expect(() => [...generateMovieRows(-1, 5)]).toThrow(RangeError);
  });

  it('ends records with CRLF when asked, leaving the fields as they were', async () => {
    const lf = await generate('movie', 3000, 11);
    const crlf = await generate('movie', 3000, 11, { lineEnding: 'crlf' });
    const text = crlf.bytes.toString('utf8');
    expect(text.endsWith('"\r\n')).toBe(true);
    // Reading each with its own line ending (strictly) gives the same records, multi-line overviews included.
    expect(readCsv(text, '\r\n')).toEqual(readCsv(lf.bytes.toString('utf8'), '\n'));
    expect(crlf.result.bytes).toBe(crlf.bytes.length);
  });

  it('starts with a UTF-8 byte order mark when asked, and only then', async () => {
    const plain = await generate('tv', 500, 3);
    const bom = await generate('tv', 500, 3, { bom: true });
    expect([...bom.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bom.bytes.subarray(3).equals(plain.bytes)).toBe(true);
    expect(plain.bytes[0]).toBe(0x22);
  });

  it('works from the built-in word list when there is no sample', async () => {
    const { bytes, result } = await generate('movie', 2000, 5, { samplePath: null });
    expect(result.vocabulary).toBe('builtin');
    const records = readCsv(bytes.toString('utf8'));
    expect(records).toHaveLength(2001);
    expect(records.every((r) => r.length === 24)).toBe(true);
  });

  it(
    'streams 200,000 rows without holding them: heap growth stays under 100 MB',
    { timeout: 120_000 },
    async () => {
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as () => void;
      gc();
      const before = process.memoryUsage().heapUsed;
      let peak = 0;
      let chunks = 0;
      const result = await writeCsv(join(dir, 'big.csv'), 'movie', 200_000, 9, {
        // A full collection every few chunks measures what is actually kept alive mid-stream.
        onProgress: () => {
          if (chunks++ % 16 !== 0) return;
          gc();
          peak = Math.max(peak, process.memoryUsage().heapUsed - before);
        },
      });
      gc();
      const after = process.memoryUsage().heapUsed - before;
      rmSync(join(dir, 'big.csv'));
      expect(result.rows).toBe(200_000);
      // The file is bigger than the bound, so keeping the rows would fail the test.
      expect(result.bytes).toBeGreaterThan(100_000_000);
      expect(peak).toBeLessThan(100_000_000);
      expect(after).toBeLessThan(100_000_000);
    },
  );
});
