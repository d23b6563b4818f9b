/**
 * The catalogue's search index, as the projector writes it and the query side reads it: what a
 * title is found by (the words of its name, with what ranking needs to know of each, and the
 * words of its overview) and the bytes each posting is kept as.
 *
 * Postings are packed, a fixed number of bytes each, and appended in the order of the events:
 * a posting list is one Redis string read in one piece (a 65,000-id list in about a millisecond,
 * where SMEMBERS of the same set took 35), and the same events give the same bytes whatever the
 * batches they were applied in. A title indexed again appends its new posting, which supersedes
 * the old one; a word it lost gets a tombstone. Lists that never saw either (nearly all of them)
 * are read as they are; the others keep the last posting of each id (see `livePostings`).
 */
import type { KeyComparison } from '../runtime/projector.js';
import { STOPWORDS, words } from './text.js';

/** Words a title name starts with that a visitor leaves out: "godfather" is The Godfather. */
export const ARTICLES = new Set(['the', 'a', 'an']);

/**
 * Maps, not objects: a word is any text, and an object answers for the words it inherits
 * ("constructor" was taken for a Roman numeral whose figure was a function, and a title named
 * so could not be indexed).
 */
const ROMAN: ReadonlyMap<string, string> = new Map([
  ['ii', '2'],
  ['iii', '3'],
  ['iv', '4'],
  ['v', '5'],
  ['vi', '6'],
  ['vii', '7'],
  ['viii', '8'],
  ['ix', '9'],
  ['x', '10'],
]);

/** Numbers written as words, which a visitor types in figures and the other way round. */
const NUMBER_WORDS: ReadonlyMap<string, string> = new Map(
  (
    'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen ' +
    'sixteen seventeen eighteen nineteen twenty'
  )
    .split(' ')
    .map((word, i): [string, string] => [word, String(i + 1)])
    .concat([
      ['thirty', '30'],
      ['forty', '40'],
      ['fifty', '50'],
      ['hundred', '100'],
      // Ordinals, as sequels are named ("Shrek the Third"); not "first", in too many names.
      ...'second third fourth fifth sixth seventh eighth ninth tenth'
        .split(' ')
        .map((word, i): [string, string] => [word, String(i + 2)]),
    ]),
);

/** "3rd", "13th": an ordinal in figures is its number. */
const ORDINAL_FIGURE = /^([1-9][0-9]{0,3})(?:st|nd|rd|th)$/;

/**
 * "iv" → "4", "two" → "2", "third" and "3rd" → "3": sequels and counts are typed in figures
 * ("creed 3" for Creed III, "shrek two" for Shrek 2, "shrek 3" for Shrek the Third, "50 shades"
 * for Fifty Shades), so a numeral stands for its figure on both sides, in the words a name is
 * found by and in a search.
 */
export function figureOf(word: string): string | undefined {
  const figure = ROMAN.get(word) ?? NUMBER_WORDS.get(word);
  if (figure !== undefined) return figure;
  // Only a word that starts with a figure can be an ordinal in figures: most words are not
  // looked at by the expression (a name's every word is asked about).
  const first = word.charCodeAt(0);
  return first >= 0x31 && first <= 0x39 ? ORDINAL_FIGURE.exec(word)?.[1] : undefined;
}

/**
 * Whether the word at `index` of a name of `length` words is taken as its figure. A Roman numeral
 * is not, first in a longer name: "X-Men" and "V for Vendetta" are letters.
 */
const countsAt = (word: string, index: number, length: number): boolean =>
  ROMAN.has(word) ? index > 0 || length === 1 : figureOf(word) !== undefined;

/**
 * Edits a word may have and still match, by its length, as the field's engines allow: none below
 * five letters, one from five, two from nine.
 */
export function typoBudget(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * The same for a typed word no name has: a four-letter word then gets one edit too ("scnt",
 * "udge", "grek" were five-letter words missing one), and a word of seven or eight letters two
 * ("jurrasic" is Jurassic, a letter doubled in the wrong place), where a word that exists is
 * taken as meant.
 */
export function unknownWordTypoBudget(length: number): number {
  return length === 4 ? 1 : length === 7 || length === 8 ? 2 : typoBudget(length);
}

/** FNV-1a of a string, as an unsigned 32-bit number. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * What a whole name is, whatever its spacing, punctuation and numerals: its words without a
 * leading article or "and", numerals as figures (`figureOf`), run together. "Spider-Man",
 * "spiderman" and "spider man" have one key; so do "Creed III" and "creed 3", and "X-Men" and
 * "xmen".
 */
export function nameKey(nameWords: readonly string[]): number {
  const from = nameWords.length > 1 && ARTICLES.has(nameWords[0]!) ? 1 : 0;
  let joined = '';
  for (let i = from; i < nameWords.length; i++) {
    const word = nameWords[i]!;
    // "and" (or "&") is left out: "fast furious" and "fast and furious" are Fast & Furious.
    if (word === 'and' && nameWords.length > 1) continue;
    joined += countsAt(word, i, nameWords.length) ? figureOf(word)! : word;
  }
  return hash32(joined);
}

/** A word of a title's name as indexed: where it stands and how many words it covers. */
export interface NameTerm {
  readonly term: string;
  /** Index of its first word among the name's words. */
  readonly position: number;
  /** 1 for a word, 2 or 3 for words run together ("spiderman" of Spider-Man). */
  readonly span: number;
}

export interface NameIndex {
  readonly terms: readonly NameTerm[];
  readonly key: number;
  /** How many words the name has. */
  readonly length: number;
  /** Index of its first word that is not an article: 1 for The Godfather, else 0. */
  readonly lead: number;
}

const MAX_COMPOUND = 40;

/**
 * The terms a title's name is found by: each word once (its first place), a numeral also as its
 * figure (`countsAt`), and the words that punctuation joins into one ("Spider-Man", "WALL·E",
 * "Ocean's", "S.W.A.T.") run together as well: a visitor types "spiderman", "walle", "oceans", "swat". Words
 * only spaces part ("La La Land") are not: the search splits what is typed run together instead
 * ("lalaland"), which keeps the vocabulary to the words names really have.
 */
export function nameIndex(name: string): NameIndex {
  const all = words(name);
  const terms: NameTerm[] = [];
  const seen = new Set<string>();
  const add = (term: string, position: number, span: number) => {
    if (seen.has(term) || term.length > MAX_COMPOUND) return;
    seen.add(term);
    terms.push({ term, position, span });
  };
  all.forEach((word, i) => {
    add(word, i, 1);
    if (countsAt(word, i, all.length)) add(figureOf(word)!, i, 1);
  });
  let position = 0;
  for (const chunk of name.split(/\s+/)) {
    const joined = words(chunk);
    if (joined.length >= 2) add(joined.join(''), position, Math.min(joined.length, 3));
    position += joined.length;
  }
  return {
    terms,
    key: nameKey(all),
    length: Math.min(all.length, 255),
    lead: all.length > 1 && ARTICLES.has(all[0]!) ? 1 : 0,
  };
}

/**
 * The words an overview is found by: whole words only, stopwords left out. Prefixes of every
 * overview word would multiply the index for matches nobody wants ("lov" should find Love
 * Actually, not every overview with "lovely"), and typos in overviews find noise.
 */
export function overviewTerms(overview: string): Set<string> {
  const terms = new Set<string>();
  for (const word of words(overview)) if (word.length >= 2 && !STOPWORDS.has(word)) terms.add(word);
  return terms;
}

/** How many words of a search are read: the rest are left out. */
export const MAX_SEARCH_WORDS = 8;

/** A search as typed: its words, folded as titles are, and which of them must match. */
export interface SearchText {
  /** Every word, stopwords included, at most MAX_SEARCH_WORDS. */
  readonly words: readonly string[];
  /**
   * Indexes of the words a title must match: all but the stopwords, or every word when the search
   * is nothing but stopwords (a film called "It").
   */
  readonly required: readonly number[];
}

export function searchText(search: string): SearchText {
  const all = words(search).slice(0, MAX_SEARCH_WORDS);
  const meaningful = all.map((w, i) => [w, i] as const).filter(([w]) => !STOPWORDS.has(w));
  const required = (meaningful.length > 0 ? meaningful : all.map((w, i) => [w, i] as const)).map(
    ([, i]) => i,
  );
  return { words: all, required };
}

/** Case and accents folded, spaces kept: how a search's text is compared and cached. */
export const foldedSearch = (search: string): string => words(search).slice(0, MAX_SEARCH_WORDS).join(' ');

// Postings. Ids are below 2^31 (the import refuses larger ones): the top bit marks a tombstone.
const TOMBSTONE = 0x8000_0000;

/** A title posting: id u32, popularity f32, name key u32, position, span, name length, lead. */
export const NAME_POSTING_BYTES = 16;
/** An overview posting: id u32, popularity f32. */
export const OVERVIEW_POSTING_BYTES = 8;

export function writeNamePosting(
  out: Buffer,
  at: number,
  id: number,
  popularity: number,
  name: NameIndex,
  term: NameTerm,
): void {
  out.writeUInt32LE(id, at);
  out.writeFloatLE(popularity, at + 4);
  out.writeUInt32LE(name.key, at + 8);
  out[at + 12] = Math.min(term.position, 255);
  out[at + 13] = term.span;
  out[at + 14] = name.length;
  out[at + 15] = name.lead;
}

export function writeOverviewPosting(out: Buffer, at: number, id: number, popularity: number): void {
  out.writeUInt32LE(id, at);
  out.writeFloatLE(popularity, at + 4);
}

/** A tombstone: the id no longer holds the word. */
export function writeTombstone(out: Buffer, at: number, id: number, size: number): void {
  out.fill(0, at, at + size);
  out.writeUInt32LE((id | TOMBSTONE) >>> 0, at);
}

/**
 * The live postings of a list, as offsets into it: all of them when the list never had a posting
 * superseded or removed (`dead` 0), else the last posting of each id, tombstoned ids left out.
 */
export function livePostings(list: Buffer, size: number, dead: number): Int32Array {
  const count = Math.floor(list.length / size);
  if (dead === 0) {
    const all = new Int32Array(count);
    for (let i = 0; i < count; i++) all[i] = i * size;
    return all;
  }
  const last = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const raw = list.readUInt32LE(i * size);
    const id = raw & ~TOMBSTONE;
    if (raw & TOMBSTONE) last.set(id, -1);
    else last.set(id, i * size);
  }
  const live: number[] = [];
  for (const at of last.values()) if (at >= 0) live.push(at);
  return Int32Array.from(live);
}

/**
 * The live postings of a list in one canonical form: sorted by id. Two read models with the same
 * titles hold the same canonical lists whatever their history (superseded postings and
 * tombstones, compacted or not), which is how `verify` compares them.
 */
export function canonicalPostings(list: Buffer, size: number): Buffer {
  const live = livePostings(list, size, 1);
  const byId = [...live].sort((a, b) => list.readUInt32LE(a) - list.readUInt32LE(b));
  const out = Buffer.alloc(byId.length * size);
  byId.forEach((at, i) => list.copy(out, i * size, at, at + size));
  return out;
}

/** How a key of the catalogue read model's search index compares (see the projector's `comparedAs`). */
export function searchKeyComparison(name: string): KeyComparison | undefined {
  // Counts of superseded postings and the lists to compact depend on when lists were compacted;
  // the version is where the search last changed (a cache key for readers), not what it holds.
  if (name.endsWith(':search:dead') || name.endsWith(':search:dirty') || name.endsWith(':search:version'))
    return 'skip';
  // What queries keep for a few seconds (a search's titles, an intersection) is not the read model.
  if (name.includes(':found:') || name.includes(':intersection:')) return 'skip';
  if (name.includes(':search:t:')) return (value) => canonicalPostings(value, NAME_POSTING_BYTES);
  if (name.includes(':search:o:')) return (value) => canonicalPostings(value, OVERVIEW_POSTING_BYTES);
  return undefined;
}
