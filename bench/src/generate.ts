/**
 * npx tsx bench/src/generate.ts --type movie|tv --rows N --out path [--seed S] [--crlf] [--bom]
 *   [--sample path | --no-sample]
 *
 * Writes a synthetic catalogue CSV in the exact TMDB schema, streaming, and reports the speed.
 * Without --sample, the word list comes from ../shared/data/tmdb-movies-2631.csv next to the
 * repository if it exists; --no-sample forces the built-in words (different bytes for the same seed).
 */
import { parseArgs } from 'node:util';
import type { TitleType } from '@cinefold/contracts';
import { loadVocabulary, writeCsv } from '@cinefold/workers';

const USAGE =
  'usage: tsx bench/src/generate.ts --type movie|tv --rows N --out path [--seed S] [--crlf] [--bom] [--sample path | --no-sample]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function integer(name: string, text: string | undefined, fallback?: number): number {
  if (text === undefined) {
    if (fallback === undefined) fail(`--${name} is required`);
    return fallback;
  }
  const value = Number(text.replaceAll('_', ''));
  if (!Number.isSafeInteger(value) || value < 0) fail(`--${name} must be a whole number >= 0, got "${text}"`);
  return value;
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        type: { type: 'string' },
        rows: { type: 'string' },
        out: { type: 'string' },
        seed: { type: 'string' },
        crlf: { type: 'boolean', default: false },
        bom: { type: 'boolean', default: false },
        sample: { type: 'string' },
        'no-sample': { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const kind = parsed.type;
  if (kind !== 'movie' && kind !== 'tv') fail('--type must be movie or tv');
  if (!parsed.out) fail('--out is required');
  if (parsed.sample !== undefined && parsed['no-sample']) fail('--sample and --no-sample exclude each other');
  const rows = integer('rows', parsed.rows);
  const seed = integer('seed', parsed.seed, 1);

  const samplePath = parsed['no-sample'] ? null : parsed.sample;
  // Loaded (and cached) before the clock starts, so rows/s measures generation, not parsing the sample.
  const loadStarted = performance.now();
  loadVocabulary(samplePath);
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  const started = performance.now();
  let reported = started;
  const result = await writeCsv(parsed.out, kind satisfies TitleType, rows, seed, {
    lineEnding: parsed.crlf ? 'crlf' : 'lf',
    bom: parsed.bom,
    samplePath,
    onProgress: (done) => {
      // A progress line every couple of seconds, only where someone is watching.
      const now = performance.now();
      if (!process.stderr.isTTY || now - reported < 2000) return;
      reported = now;
      process.stderr.write(`  ${done.toLocaleString('en-US')} / ${rows.toLocaleString('en-US')} rows\n`);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const rate = seconds > 0 ? Math.round(result.rows / seconds) : result.rows;
  const megabytes = (result.bytes / 1_000_000).toFixed(1);
  const rss = Math.round(process.memoryUsage().rss / 1_000_000);
  process.stdout.write(
    `wrote ${result.rows.toLocaleString('en-US')} ${kind} rows to ${parsed.out}: ` +
      `${result.bytes.toLocaleString('en-US')} bytes (${megabytes} MB) in ${seconds.toFixed(2)} s, ` +
      `${rate.toLocaleString('en-US')} rows/s (seed ${seed}, words from ${result.vocabulary} ` +
      `loaded in ${loadSeconds.toFixed(2)} s, RSS ${rss} MB)\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
