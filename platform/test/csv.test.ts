import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CsvProblem, type CsvRecord, MAX_RECORD_BYTES, readCsv } from '../src/catalogue/csv.js';
import { makeTempDir } from '../src/testing/temp-dir.js';

const dir = makeTempDir('csv');
afterAll(() => dir.remove());

async function readAll(file: string, encoding: 'utf-8' | 'windows-1252') {
  const records: CsvRecord[] = [];
  const result = await readCsv(file, encoding, async (batch) => void records.push(...batch));
  return { records, ...result };
}

describe('reading a CSV file as a stream', () => {
  it('keeps characters and quoted line breaks whole across the 1 MB chunks it reads', async () => {
    // Rows of 100 bytes, then one whose accented letter (two bytes in UTF-8) and quoted line
    // break straddle the first chunk's end.
    const filler = Array.from({ length: 10_485 }, (_, i) => `${i},${'x'.repeat(100 - 2 - String(i).length)}`);
    const head = `\uFEFFid,text\n${filler.join('\n')}\n`;
    const headBytes = Buffer.byteLength(head);
    const pad = 1024 * 1024 - headBytes - 'a,"'.length - 1; // the é starts on the chunk's last byte
    expect(pad).toBeGreaterThan(0);
    const body = `${head}a,"${'y'.repeat(pad)}é\nnext line"\nb,"Amélie, ""quoted"""\n`;
    const file = join(dir.path, 'chunks.csv');
    writeFileSync(file, body);
    expect(
      Buffer.from(body)
        .subarray(1024 * 1024 - 1, 1024 * 1024 + 1)
        .toString(),
    ).toBe('é');

    const { records, unterminatedAtLine } = await readAll(file, 'utf-8');
    expect(unterminatedAtLine).toBeNull();
    expect(records[0]).toEqual({ line: 1, fields: ['id', 'text'] });
    expect(records).toHaveLength(1 + filler.length + 2);
    const straddling = records.at(-2)!;
    expect(straddling.line).toBe(filler.length + 2);
    expect(straddling.fields).toEqual(['a', `${'y'.repeat(pad)}é\nnext line`]);
    // The quoted line break counts: the next record starts two lines further down.
    expect(records.at(-1)).toEqual({ line: filler.length + 4, fields: ['b', 'Amélie, "quoted"'] });
  });

  it('decodes a Windows-1252 file and reports a row cut short at the end', async () => {
    const file = join(dir.path, 'cp1252.csv');
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from('id,title\r\n1,'),
        Buffer.from([0x94, 0x41, 0x6d, 0xe9, 0x6c, 0x69, 0x65, 0x94]), // ”Amélie”
        Buffer.from('\r\n2,"cut short'),
      ]),
    );
    const { records, unterminatedAtLine } = await readAll(file, 'windows-1252');
    expect(records).toEqual([
      { line: 1, fields: ['id', 'title'] },
      { line: 2, fields: ['1', '\u201dAmélie\u201d'] },
    ]);
    expect(unterminatedAtLine).toBe(3);
  });

  it('names the line each record starts on, past empty lines and quoted line breaks of either kind', async () => {
    const file = join(dir.path, 'lines.csv');
    // 1 header, 2 empty, 3 a, 4-5 empty, 6-7 b (LF quoted), 8 c, 9 empty, 10-11 d (CRLF quoted), 12 e, 13 empty, 14 cut short
    const rows = ['id,title', '', '1,a', '', '', '2,"b\nb"', '3,c', '', '4,"d\r\nd"', '5,e', '', '6,"cut'];
    writeFileSync(file, rows.join('\r\n'));

    const { records, unterminatedAtLine } = await readAll(file, 'utf-8');
    expect(records.map(({ line, fields }) => [line, fields[0]])).toEqual([
      [1, 'id'],
      [3, '1'],
      [6, '2'],
      [8, '3'],
      [10, '4'],
      [12, '5'],
    ]);
    expect(records[4]!.fields[1]).toBe('d\r\nd');
    expect(unterminatedAtLine).toBe(14);
  });

  it('gives up on a record longer than 1 MiB (a quote never closed) without reading the rest of the file', async () => {
    expect(MAX_RECORD_BYTES).toBe(1024 * 1024);
    // A pipe rather than a file: what the reader takes from it is exactly what the writer got
    // rid of, so the test sees how far the reader went.
    const fifo = join(dir.path, 'endless.csv');
    execFileSync('mkfifo', [fifo]);
    const reading = readAll(fifo, 'utf-8').then(
      (result) => ({ result, error: null }),
      (error: unknown) => ({ result: null, error }),
    );
    const writer = await open(fifo, 'w');
    const total = 64 * 1024 * 1024;
    let written = 0;
    try {
      await writer.write('id,title\n1,"');
      const chunk = Buffer.alloc(256 * 1024, 'x');
      while (written < total) written += (await writer.write(chunk)).bytesWritten;
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('EPIPE'); // the reader has let go
    } finally {
      await writer.close();
    }
    const { result, error } = await reading;
    expect(result).toBeNull();
    expect(error).toBeInstanceOf(CsvProblem);
    expect((error as Error).message).toBe(
      'Line 2 is longer than 1 MiB, the most one row may hold: a quoted field is probably never closed.',
    );
    expect(written).toBeLessThan(4 * MAX_RECORD_BYTES);
  });
});
