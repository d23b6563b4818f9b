import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CsvRecordTooLong, CsvRecords, type CsvRecord } from '../src/catalogue/csv-records.js';

/** The options the import read its files with before it had its own reader. */
const CSV_PARSE_OPTIONS = {
  bom: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
} as const;

/** Every record of `text`, given to the reader in pieces cut at `cuts`. */
function read(text: string, cuts: number[] = []) {
  const records = new CsvRecords(1024 * 1024);
  const read: CsvRecord[] = [];
  let from = 0;
  for (const cut of cuts) {
    read.push(...records.push(text.slice(from, cut)));
    from = cut;
  }
  const ended = records.end(text.slice(from));
  return { records: [...read, ...ended.records], unclosedAtLine: ended.unclosedAtLine };
}

const SAMPLES = ['../shared/data/tmdb-movies-2631.csv', '../shared/data/tmdb-movies-91-crlf-damaged.csv'];

/** Inputs where the rules are easiest to get wrong, each as csv-parse read it. */
const EDGES = [
  '1,"ab"c,d\n', // a quote closed too early: the field is plain text, quotes kept
  '1,ab"c,d\n', // a quote inside a plain field
  '1, "ab",d\n', // a space before the quote: plain
  '1,"a""b",d\n', // a doubled quote
  '1,"ab" ,d\n',
  '1,"a,b"c,d\n',
  '1,"a\nb"c,d\n',
  '1,"a""b"x,d\n',
  '"a"b"c",d\n',
  '1,,\n', // empty fields, and a comma at the end of a line
  ' \n1\n', // a line of a space is a record
  '1,"ab"\r\n2\r3\n4', // the first line break is the delimiter: CR and LF alone are characters
  'a\n\r\nb\n',
  'x\r\n\r\n\r\ny\r\n', // empty lines
  '1,"x\ry"\n',
  '"a\r\nb",c\r\nd', // a quoted line break does not choose the delimiter
  '1,ab"c\n2',
  '1,"ab"\n\n',
  'a,b,',
  '\uFEFFid,title\n1,"x"', // a byte order mark
  'a\rb\rc', // CR alone
];

describe('reading CSV records out of text in pieces', () => {
  it('reads the real TMDB samples and the inputs that are easy to get wrong as csv-parse does', () => {
    for (const text of [...SAMPLES.map((file) => readFileSync(file, 'utf8')), ...EDGES]) {
      // Taken as it reads them: it throws at the end of a text whose last quote never closes.
      const expected: string[][] = [];
      let unclosed = false;
      try {
        parse(text, { ...CSV_PARSE_OPTIONS, on_record: (record: string[]) => void expected.push(record) });
      } catch (error) {
        expect((error as { code?: string }).code).toBe('CSV_QUOTE_NOT_CLOSED');
        unclosed = true;
      }
      const { records, unclosedAtLine } = read(text);
      expect(records.map((r) => r.fields)).toEqual(expected);
      expect(unclosedAtLine !== null).toBe(unclosed);
    }
  });

  it('reads the same records however the text is cut into pieces', () => {
    for (const text of EDGES) {
      const whole = read(text);
      for (let cut = 0; cut <= text.length; cut++) expect(read(text, [cut])).toEqual(whole);
    }
    const sample = readFileSync(SAMPLES[1]!, 'utf8');
    const whole = read(sample);
    const cuts = Array.from({ length: 300 }, (_, i) => Math.floor(((i + 1) * sample.length) / 301));
    expect(read(sample, cuts)).toEqual(whole);
  });

  it('counts a quoted lone CR as a line, and a quoted CRLF as one (csv.test.ts reads the rest of it through a file)', () => {
    const text = 'a,"x\ry"\r\nb\r\n"c\r\nd"\r\ne';
    expect(read(text).records.map(({ line, fields }) => [line, fields[0]])).toEqual([
      [1, 'a'],
      [3, 'b'],
      [4, 'c\r\nd'],
      [6, 'e'],
    ]);
  });

  it('leaves out a record whose quote never closes, and says where it starts', () => {
    expect(read('id,title\n1,a\n2,"cut\nshort')).toEqual({
      records: [
        { line: 1, fields: ['id', 'title'] },
        { line: 2, fields: ['1', 'a'] },
      ],
      unclosedAtLine: 3,
    });
    expect(read('1,"ab""\n').unclosedAtLine).toBe(1); // the last quote is a doubled one
  });

  it('refuses a record longer than it may hold, as soon as the text shows it, naming its line', () => {
    const records = new CsvRecords(100);
    expect(records.push('id\n1\n"')).toHaveLength(2);
    expect(records.push('x'.repeat(99))).toEqual([]);
    expect(() => records.push('x')).toThrow(CsvRecordTooLong);
    expect(() => new CsvRecords(10).end('a\nb\n0123456789a\n')).toThrow(new CsvRecordTooLong(3));
  });
});
