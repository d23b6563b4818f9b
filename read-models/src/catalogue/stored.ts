/**
 * How a title is kept in the catalogue read model: a JSON array of its fields in the order of the
 * contract's schema, without the field names (at a million titles the names alone were 300 MB of
 * Redis memory), compressed as a Zstandard frame with a dictionary.
 *
 * A title's JSON is about 520 bytes, too short for a compressor to find much to share within it
 * (30% less on its own). The dictionary holds what titles share: the shape of the array, the
 * words of overviews, genres, companies, image paths' look. With it a document takes about half
 * its bytes: at a million titles, 496 MB of JSON became about 260 (`npm run bench -- documents`).
 *
 * The dictionary (`read-models/documents.zdict`) was trained by `zstd --train` on the 2,630 real
 * rows of the TMDB sample (`npm run bench -- documents --write`). A frame names its dictionary's
 * id, so a document written with another one fails to decode instead of decoding wrong: a new
 * dictionary goes with a new version of the catalogue projector, which rewrites every document.
 *
 * New fields go at the end of the schema: a document written before one was added decodes with it
 * null. A document stored as plain JSON (an array, or an object as before the array) still decodes.
 */
import { readFileSync } from 'node:fs';
import { type Movie, movieRecord, type TitleType, tvRecord, type TvShow } from '@cinefold/contracts';
import zstd from 'zstd-napi/binding.js';

const { CCtx, CDict, compressBound, DCtx, DDict, getFrameContentSize } = zstd;

const FIELDS: Record<TitleType, readonly string[]> = {
  movie: Object.keys(movieRecord.shape),
  tv: Object.keys(tvRecord.shape),
};

/** Zstandard's level: 3 compresses a title in about 5 µs; higher levels gain under 2% here. */
const LEVEL = 3;
/** The package's root holds the dictionary, two folders up from both src/catalogue and dist/catalogue. */
const DICTIONARY = readFileSync(new URL('../../documents.zdict', import.meta.url));
const compressing = { context: new CCtx(), dictionary: new CDict(DICTIONARY, LEVEL) };
const decompressing = { context: new DCtx(), dictionary: new DDict(DICTIONARY) };
/** Room for one compressed document, and for one decompressed; grown for a longer one. */
let scratch = Buffer.allocUnsafe(compressBound(16 * 1024));
let decompressed = Buffer.allocUnsafe(16 * 1024);

const [QUOTE, BACKSLASH, COMMA, OPEN, BRACE] = [0x22, 0x5c, 0x2c, 0x5b, 0x7b];

/** The title as its JSON array, before compression (what the dictionary is trained on). */
export function titleText(type: TitleType, title: Movie | TvShow): string {
  const record = title as unknown as Record<string, unknown>;
  return JSON.stringify(FIELDS[type].map((field) => record[field] ?? null));
}

export function encodeTitle(type: 'movie', title: Movie): Buffer;
export function encodeTitle(type: 'tv', title: TvShow): Buffer;
export function encodeTitle(type: TitleType, title: Movie | TvShow): Buffer;
export function encodeTitle(type: TitleType, title: Movie | TvShow): Buffer {
  const text = Buffer.from(titleText(type, title));
  const bound = compressBound(text.length);
  if (scratch.length < bound) scratch = Buffer.allocUnsafe(bound);
  const { context, dictionary } = compressing;
  const length = context.compressUsingCDict(scratch, text, dictionary);
  return Buffer.from(scratch.subarray(0, length));
}

/**
 * A stored document's JSON: decompressed, or as it is when it was stored as plain JSON. The
 * decompressed bytes are a view of a buffer the next call writes over: read them at once.
 */
function jsonOf(stored: Buffer): Buffer {
  if (stored[0] === OPEN || stored[0] === BRACE) return stored;
  const size = getFrameContentSize(stored);
  if (size === null) throw new Error('a stored title without its size');
  if (decompressed.length < size) decompressed = Buffer.allocUnsafe(size);
  const { context, dictionary } = decompressing;
  return decompressed.subarray(0, context.decompressUsingDDict(decompressed, stored, dictionary));
}

export function decodeTitle(type: 'movie', stored: Buffer): Movie;
export function decodeTitle(type: 'tv', stored: Buffer): TvShow;
export function decodeTitle(type: TitleType, stored: Buffer): Movie | TvShow;
export function decodeTitle(type: TitleType, stored: Buffer): Movie | TvShow {
  const parsed = JSON.parse(jsonOf(stored).toString()) as unknown;
  if (!Array.isArray(parsed)) return parsed as Movie | TvShow;
  const title: Record<string, unknown> = {};
  FIELDS[type].forEach((field, i) => {
    title[field] = parsed[i] ?? null;
  });
  return title as unknown as Movie | TvShow;
}

/** `{"id":`, `,"title":`, …: what goes before each stored value in the API's JSON. */
const leadsOf = (fields: readonly string[]) =>
  fields.map((field, i) => Buffer.from(`${i === 0 ? '{' : ','}${JSON.stringify(field)}:`));
const LEADS: Record<TitleType, readonly Buffer[]> = { movie: leadsOf(FIELDS.movie), tv: leadsOf(FIELDS.tv) };
const NULL = Buffer.from('null');
const CLOSE = Buffer.from('}');

/**
 * The title as the API's JSON, from its stored bytes, decompressed but not parsed: every
 * field is a JSON scalar, so the stored array is cut at the commas between values and the names
 * put back in front (UTF-8 never uses ASCII bytes inside a multi-byte character). Lists and
 * searches render 20 of these a page; parsing, re-serialising and re-encoding them was a third of
 * a search's CPU.
 */
export function titleJson(type: TitleType, document: Buffer): Buffer {
  const stored = jsonOf(document);
  // An object (a document from before the array) is the API's JSON already: a copy of it.
  if (stored[0] !== OPEN) return Buffer.from(stored);
  const parts: Buffer[] = [];
  let at = 1;
  for (const lead of LEADS[type]) {
    parts.push(lead);
    if (at >= stored.length - 1) {
      parts.push(NULL); // written before this field existed
      continue;
    }
    let end: number;
    if (stored[at] === QUOTE) {
      end = at;
      do {
        end = stored.indexOf(QUOTE, end + 1);
        let backslashes = 0;
        while (stored[end - 1 - backslashes] === BACKSLASH) backslashes++;
        if (backslashes % 2 === 0) break;
      } while (end !== -1);
      end += 1;
    } else {
      end = stored.indexOf(COMMA, at);
      if (end === -1) end = stored.length - 1;
    }
    parts.push(stored.subarray(at, end));
    at = end + 1;
  }
  parts.push(CLOSE);
  return Buffer.concat(parts);
}
