/**
 * How a title is kept in the catalogue read model: a JSON array of its fields in the order of the
 * contract's schema, without the field names. At a million titles the names alone were 300 MB
 * of Redis memory (a third of every document).
 *
 * New fields go at the end of the schema: a document written before one was added decodes with it
 * null, and a replay rewrites every document anyway. A document written as an object (before this
 * format) still decodes.
 */
import { type Movie, movieRecord, type TitleType, tvRecord, type TvShow } from '@cinefold/contracts';

const FIELDS: Record<TitleType, readonly string[]> = {
  movie: Object.keys(movieRecord.shape),
  tv: Object.keys(tvRecord.shape),
};

export function encodeTitle(type: 'movie', title: Movie): string;
export function encodeTitle(type: 'tv', title: TvShow): string;
export function encodeTitle(type: TitleType, title: Movie | TvShow): string;
export function encodeTitle(type: TitleType, title: Movie | TvShow): string {
  const record = title as unknown as Record<string, unknown>;
  return JSON.stringify(FIELDS[type].map((field) => record[field] ?? null));
}

export function decodeTitle(type: 'movie', stored: string): Movie;
export function decodeTitle(type: 'tv', stored: string): TvShow;
export function decodeTitle(type: TitleType, stored: string): Movie | TvShow;
export function decodeTitle(type: TitleType, stored: string): Movie | TvShow {
  const parsed = JSON.parse(stored) as unknown;
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
const [QUOTE, BACKSLASH, COMMA, OPEN] = [0x22, 0x5c, 0x2c, 0x5b];

/**
 * The title as the API's JSON, from its stored bytes, without decoding or parsing them: every
 * field is a JSON scalar, so the stored array is cut at the commas between values and the names
 * put back in front (UTF-8 never uses ASCII bytes inside a multi-byte character). Lists and
 * searches render 20 of these a page; parsing, re-serialising and re-encoding them was a third of
 * a search's CPU.
 */
export function titleJson(type: TitleType, stored: Buffer): Buffer {
  if (stored[0] !== OPEN) return stored;
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
