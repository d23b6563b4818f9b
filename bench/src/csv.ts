/**
 * npm run bench -- csv [movies] [rounds]
 *
 * How fast the import reads a catalogue CSV: the generated movie file (default 1,000,000 rows)
 * read whole by the product's reader (`readCsv`, platform's `csv-records.ts`), against csv-parse
 * reading the same file with the options the import used before it had its own reader, records
 * taken as they come. Alternated, `rounds` each (default 3); both must give the same number of
 * records with the same fields, which the bench checks by a hash of every field.
 */
import { createHash } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import { readCsv } from '@cinefold/platform';
import { parse } from 'csv-parse';
import { dataset } from './catalogue.js';
import { percentile, type Row } from './table.js';

interface Read {
  seconds: number;
  records: number;
  digest: string;
}

/** A hash of every record's fields, in order. */
function digester() {
  const hash = createHash('sha1');
  return {
    add(fields: readonly string[]) {
      hash.update(fields.join('\u0000'));
      hash.update('\u0001');
    },
    digest: () => hash.digest('hex'),
  };
}

async function withProduct(file: string): Promise<Read> {
  const started = performance.now();
  const hash = digester();
  let records = 0;
  await readCsv(file, 'utf-8', async (batch) => {
    for (const record of batch) hash.add(record.fields);
    records += batch.length;
  });
  return { seconds: (performance.now() - started) / 1000, records, digest: hash.digest() };
}

async function withCsvParse(file: string): Promise<Read> {
  const started = performance.now();
  const hash = digester();
  let records = 0;
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: 1024 * 1024,
    on_record: (record: string[]) => {
      hash.add(record);
      records++;
      return undefined;
    },
  });
  const handle = await open(file);
  try {
    for (;;) {
      const buffer = Buffer.allocUnsafe(1024 * 1024);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      await new Promise<void>((resolve) => parser.write(buffer.subarray(0, bytesRead), () => resolve()));
    }
  } finally {
    await handle.close();
  }
  await new Promise<void>((resolve, reject) => {
    parser.once('finish', resolve);
    parser.once('error', reject);
    parser.end();
  });
  return { seconds: (performance.now() - started) / 1000, records, digest: hash.digest() };
}

export async function benchCsv(args: string[] = []): Promise<Row[]> {
  const movies = Number(args[0] ?? 1_000_000);
  const rounds = Number(args[1] ?? 3);
  const file = await dataset('movie', movies);
  const megabytes = (await stat(file)).size / 1024 ** 2;
  const product: Read[] = [];
  const library: Read[] = [];
  for (let round = 0; round < rounds; round++) {
    product.push(await withProduct(file));
    library.push(await withCsvParse(file));
  }
  const [first] = product;
  for (const read of [...product, ...library]) {
    if (read.records !== first!.records || read.digest !== first!.digest)
      throw new Error(
        `the readers disagree: ${read.records} records (${read.digest}) against ${first!.records}`,
      );
  }
  const ours = percentile(
    product.map((r) => r.seconds),
    0.5,
  );
  const theirs = percentile(
    library.map((r) => r.seconds),
    0.5,
  );
  const label = `${movies.toLocaleString('en-US')} movies (${megabytes.toFixed(0)} MB)`;
  return [
    {
      measure: `read ${label} with the import's reader, median of ${rounds}`,
      value: ours,
      unit: 's',
      ratio: ours / theirs,
    },
    { measure: `the same with csv-parse (baseline), median of ${rounds}`, value: theirs, unit: 's' },
    { measure: "the import's reader", value: megabytes / ours, unit: 'MB/s' },
    { measure: 'records read (each reader the same, every field)', value: first!.records, unit: '' },
  ];
}
