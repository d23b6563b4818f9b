import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CsvRecord, readCsv } from '../src/catalogue/csv.js';
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
});
