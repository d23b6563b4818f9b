/**
 * npm run bench -- documents [--write]
 *
 * How well the catalogue's documents compress with the dictionary (`read-models/documents.zdict`),
 * on the real TMDB sample, and what compressing and decompressing a title costs against writing
 * and parsing its JSON. The ratio that says what to expect of titles the dictionary has not seen
 * comes from a dictionary trained on half of the sample, measured on the other half.
 *
 * `--write` trains the product's dictionary on the whole sample and writes it (a new dictionary
 * needs a new version of the catalogue projector: see `stored.ts`). Training uses Zstandard's own
 * command-line tool (`zstd`, Debian's package of that name), which the product never runs.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { Movie } from '@cinefold/contracts';
import { decodeTitle, encodeTitle, titleText } from '@cinefold/read-models';
import zstd from 'zstd-napi/binding.js';
import { sampleMovies } from './relevance/sample.js';
import type { Row } from './table.js';
import { tempDir } from './temp.js';

const DICTIONARY_BYTES = 64 * 1024;
const DICTIONARY_FILE = fileURLToPath(new URL('../../read-models/documents.zdict', import.meta.url));

/** A dictionary trained by `zstd --train` on the titles' JSON, one file a title. */
function train(titles: readonly Movie[]): Buffer {
  const dir = tempDir('dictionary');
  try {
    titles.forEach((title, i) => writeFileSync(join(dir.path, `${i}.json`), titleText('movie', title)));
    const out = join(dir.path, 'trained.zdict');
    execFileSync('zstd', ['--train', '-q', '-r', dir.path, '-o', out, `--maxdict=${DICTIONARY_BYTES}`]);
    return readFileSync(out);
  } finally {
    dir.remove();
  }
}

/** Compressed bytes over JSON bytes, with `dictionary` at the product's level. */
function ratioWith(dictionary: Buffer, titles: readonly Movie[]): number {
  const context = new zstd.CCtx();
  const prepared = new zstd.CDict(dictionary, 3);
  let text = 0;
  let compressed = 0;
  const scratch = Buffer.alloc(64 * 1024);
  for (const title of titles) {
    const json = Buffer.from(titleText('movie', title));
    text += json.length;
    compressed += context.compressUsingCDict(scratch, json, prepared);
  }
  return compressed / text;
}

/** Microseconds a title for `work` over every title, best of five rounds. */
function microseconds<T>(titles: readonly T[], work: (item: T) => unknown): number {
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    for (const item of titles) work(item);
    best = Math.min(best, performance.now() - started);
  }
  return (best * 1000) / titles.length;
}

export async function benchDocuments(args: string[] = []): Promise<Row[]> {
  const titles = await sampleMovies();
  if (args.includes('--write')) {
    writeFileSync(DICTIONARY_FILE, train(titles));
    process.stdout.write(`wrote ${DICTIONARY_FILE} from ${titles.length} titles\n`);
  }
  const even = titles.filter((_, i) => i % 2 === 0);
  const odd = titles.filter((_, i) => i % 2 === 1);
  const heldOut = ratioWith(train(even), odd);
  const shipped = ratioWith(readFileSync(DICTIONARY_FILE), titles);
  const alone = (() => {
    let text = 0;
    let compressed = 0;
    for (const title of titles) {
      const json = Buffer.from(titleText('movie', title));
      text += json.length;
      compressed += zstd.compress(Buffer.alloc(zstd.compressBound(json.length)), json, 3);
    }
    return compressed / text;
  })();
  const texts = titles.map((title) => titleText('movie', title));
  const documents = titles.map((title) => encodeTitle('movie', title));
  const averageText = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0) / titles.length;
  const asJson = microseconds(titles, (title) => titleText('movie', title));
  const stored = microseconds(titles, (title) => encodeTitle('movie', title));
  const parsed = microseconds(texts, (text) => JSON.parse(text));
  const read = microseconds(documents, (document) => decodeTitle('movie', document));
  return [
    { measure: 'titles of the real sample', value: titles.length, unit: 'titles' },
    { measure: 'a title as JSON, on average', value: averageText, unit: 'B' },
    { measure: 'compressed without a dictionary / JSON', value: alone, unit: '' },
    { measure: 'with a dictionary of the other half / JSON (unseen titles)', value: heldOut, unit: '' },
    { measure: 'with the shipped dictionary / JSON (titles it was trained on)', value: shipped, unit: '' },
    {
      measure: 'store a title (JSON, compressed) vs its JSON alone',
      value: stored,
      unit: 'µs',
      ratio: stored / asJson,
    },
    {
      measure: 'read a title (decompressed, parsed) vs parsing its JSON',
      value: read,
      unit: 'µs',
      ratio: read / parsed,
    },
  ];
}
