import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { TitleType } from '@cinefold/contracts';
import { CSV_COLUMNS } from '@cinefold/platform';
import { generateMovieRows } from './movies.js';
import { generateTvRows } from './tv.js';
import { loadVocabulary } from './vocabulary.js';

export interface WriteCsvOptions {
  /** Record terminator; fields keep their embedded "\n" either way, as spreadsheet exports do. */
  readonly lineEnding?: 'lf' | 'crlf';
  /** Start with a UTF-8 byte order mark, as Excel's "CSV UTF-8" does. */
  readonly bom?: boolean;
  /** See loadVocabulary: undefined for the sample if present, null for the built-in words. */
  readonly samplePath?: string | null;
  /** Called after each chunk is handed to the stream, with the rows written so far. */
  readonly onProgress?: (rows: number) => void;
}

export interface WriteCsvResult {
  readonly rows: number;
  readonly bytes: number;
  readonly vocabulary: 'sample' | 'builtin';
}

/** Every field quoted, inner quotes doubled: the upstream export's style. */
export function csvRecord(fields: readonly string[]): string {
  return `"${fields.map((f) => (f.includes('"') ? f.replaceAll('"', '""') : f)).join('","')}"`;
}

// Big enough that per-write overhead vanishes, small enough that memory stays flat; the stream
// buffers up to two chunks so generating the next one overlaps writing the last.
const CHUNK_CHARS = 1 << 20;

/**
 * Streams `count` rows of `kind` to `path`. Only the current chunk and the id list (4 bytes a
 * row) are in memory, so the file can be far larger than the heap.
 */
export async function writeCsv(
  path: string,
  kind: TitleType,
  count: number,
  seed: number,
  options: WriteCsvOptions = {},
): Promise<WriteCsvResult> {
  const eol = options.lineEnding === 'crlf' ? '\r\n' : '\n';
  const vocabulary = loadVocabulary(options.samplePath);
  const rows =
    kind === 'movie'
      ? generateMovieRows(count, seed, { vocabulary })
      : generateTvRows(count, seed, { vocabulary });
  const out = createWriteStream(path, { highWaterMark: 2 * CHUNK_CHARS });
  // An error while no one awaits 'drain' must not crash the process; it is rethrown below.
  let failure: unknown;
  out.on('error', (error) => {
    failure ??= error;
  });
  try {
    let chunk = `${options.bom ? '\uFEFF' : ''}${csvRecord(CSV_COLUMNS[kind])}${eol}`;
    let written = 0;
    for (const fields of rows) {
      chunk += csvRecord(fields) + eol;
      written++;
      if (chunk.length >= CHUNK_CHARS) {
        if (failure !== undefined) throw failure;
        const ready = out.write(chunk);
        chunk = '';
        options.onProgress?.(written);
        if (!ready) await once(out, 'drain');
      }
    }
    if (failure !== undefined) throw failure;
    out.end(chunk);
    await finished(out);
    options.onProgress?.(written);
    return { rows: written, bytes: out.bytesWritten, vocabulary: vocabulary.source };
  } catch (error) {
    out.destroy();
    throw error;
  }
}
