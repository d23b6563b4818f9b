/**
 * The words and weights rows are drawn from: taken from the real TMDB sample when it is on disk,
 * from builtin.ts otherwise. The same seed therefore gives the same bytes only with the same
 * vocabulary source; `source` says which one was used.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  FALLBACK_COMPANIES,
  FALLBACK_KEYWORDS,
  FALLBACK_LANGUAGE_WEIGHTS,
  FALLBACK_OVERVIEWS,
  FALLBACK_TAGLINES,
  FALLBACK_TITLE_WORDS,
  LANGUAGES,
} from './builtin.js';
import { Pool, type Rng } from './random.js';

/** `<repo>/../shared/data/tmdb-movies-2631.csv`, found from this file so the working directory does not matter. */
export const DEFAULT_SAMPLE_PATH = fileURLToPath(
  new URL('../../../../shared/data/tmdb-movies-2631.csv', import.meta.url),
);

export interface Vocabulary {
  readonly source: 'sample' | 'builtin';
  readonly overviews: TextModel;
  readonly taglines: TextModel;
  readonly titleWords: Pool;
  readonly keywords: Pool;
  readonly companies: Pool;
  /** TMDB country names, as in production_countries. */
  readonly countries: Pool;
  /** Language names, as in spoken_languages. */
  readonly spokenLanguages: Pool;
  /** ISO 639-1 codes from LANGUAGES, as in original_language. */
  readonly originalLanguages: Pool;
}

// Abbreviations end in a full stop without ending the sentence ("Lt. Jim Gordon").
const ABBREVIATION = /^(?:Mr|Mrs|Ms|Dr|Lt|St|Jr|Sr|Prof|Gen|Capt|Sgt|Col|Mt|vs|U\.S|Vol|No)\.$/;
const SENTENCE_END = /[.!?]["'”’)]*$/;
const SENTENCE_START = /^["'“(]?[\p{Lu}\d]/u;

/** Ends a cut-off sentence with a full stop instead of the comma or dash it stopped on. */
function closeSentence(words: string[]): string {
  let last = words.pop()!.replace(/[,;:\-–—]+$/, '');
  if (last === '' && words.length > 0) last = words.pop()!;
  words.push(`${last}.`);
  return words.join(' ');
}

/**
 * A word-level bigram model of real sentences. Walking it keeps each word's frequency close to
 * the corpus's (so "life", "young", "family" turn up as often as in real overviews) and keeps the
 * punctuation real text carries: commas, apostrophes, now and then an unbalanced quote.
 */
export class TextModel {
  private readonly tokens: string[] = [];
  private readonly starts: number[] = [];
  private readonly ends: Uint8Array;
  private readonly offsets: Int32Array;
  private readonly successors: Int32Array;

  constructor(texts: Iterable<string>) {
    const index = new Map<string, number>();
    const endFlags: boolean[] = [];
    const from: number[] = [];
    const to: number[] = [];
    const intern = (word: string): number => {
      let id = index.get(word);
      if (id === undefined) {
        id = this.tokens.length;
        index.set(word, id);
        this.tokens.push(word);
        endFlags.push(SENTENCE_END.test(word) && !ABBREVIATION.test(word));
      }
      return id;
    };
    for (const text of texts) {
      let previous = -1;
      for (const word of text.split(/\s+/)) {
        if (word === '') continue;
        const id = intern(word);
        const startsSentence = previous < 0 || endFlags[previous] === true;
        if (startsSentence && SENTENCE_START.test(word)) this.starts.push(id);
        else if (previous >= 0 && !endFlags[previous]) {
          from.push(previous);
          to.push(id);
        }
        previous = id;
      }
    }
    if (this.starts.length === 0) throw new Error('a text model needs at least one sentence');
    this.ends = Uint8Array.from(endFlags, (end) => (end ? 1 : 0));
    // Successor lists packed into one array (compressed sparse rows): a step is two array reads.
    this.offsets = new Int32Array(this.tokens.length + 1);
    for (const f of from) this.offsets[f + 1]!++;
    for (let i = 0; i < this.tokens.length; i++) this.offsets[i + 1]! += this.offsets[i]!;
    const fill = this.offsets.slice(0, this.tokens.length);
    this.successors = new Int32Array(from.length);
    for (let i = 0; i < from.length; i++) this.successors[fill[from[i]!]!++] = to[i]!;
  }

  sentence(rng: Rng, maxWords: number): string {
    let t = this.starts[Math.floor(rng.float() * this.starts.length)]!;
    const words = [this.tokens[t]!];
    while (this.ends[t] === 0) {
      const lo = this.offsets[t]!;
      const n = this.offsets[t + 1]! - lo;
      if (n === 0 || words.length >= maxWords) return closeSentence(words);
      t = this.successors[lo + Math.floor(rng.float() * n)]!;
      words.push(this.tokens[t]!);
    }
    return words.join(' ');
  }
}

/**
 * Complete records of a CSV text (RFC 4180). A final record cut inside a quoted field is dropped:
 * the sample file was truncated mid-row.
 */
export function readCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (!quoted && (field !== '' || record.length > 0)) {
    record.push(field);
    records.push(record);
  }
  return records;
}

const list = (value: string): string[] => (value === '' ? [] : value.split(', '));

const TITLE_FUNCTION_WORDS = new Set(
  (
    'the a an of and in to on at for with from by or is are be no not all up out my your his her our their ' +
    'it its i you me we he she they do so what who how vs part ii iii iv'
  ).split(' '),
);

/** Capitalised content words of a title, trimmed of surrounding punctuation. */
function titleWords(title: string): string[] {
  const out: string[] = [];
  for (const raw of title.split(/\s+/)) {
    const word = raw.replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, '');
    if (/^\p{Lu}/u.test(word) && !TITLE_FUNCTION_WORDS.has(word.toLowerCase())) out.push(word);
  }
  return out;
}

const LANGUAGE_CODES = LANGUAGES.map((l) => l.code);
const LANGUAGE_NAMES = LANGUAGES.map((l) => l.name);
const COUNTRY_NAMES = LANGUAGES.flatMap((l) => l.countries.map(([, name]) => name));

function fallbackLanguages(): string[] {
  return Object.entries(FALLBACK_LANGUAGE_WEIGHTS).flatMap(([code, weight]) =>
    Array<string>(weight).fill(code),
  );
}

function builtinVocabulary(): Vocabulary {
  return {
    source: 'builtin',
    overviews: new TextModel(FALLBACK_OVERVIEWS),
    taglines: new TextModel(FALLBACK_TAGLINES),
    titleWords: new Pool(FALLBACK_TITLE_WORDS, 0),
    keywords: new Pool(FALLBACK_KEYWORDS, 1),
    companies: new Pool(FALLBACK_COMPANIES, 1),
    countries: new Pool(COUNTRY_NAMES, 1),
    spokenLanguages: new Pool(
      fallbackLanguages().map((code) => LANGUAGES.find((l) => l.code === code)!.name),
    ),
    originalLanguages: new Pool(fallbackLanguages(), 0.2, LANGUAGE_CODES),
  };
}

function sampleVocabulary(text: string): Vocabulary {
  const [header, ...records] = readCsvRecords(text);
  if (!header) throw new Error('the sample file is empty');
  const column = (name: string): string[] => {
    const at = header.indexOf(name);
    if (at < 0) throw new Error(`the sample file has no "${name}" column`);
    return records.filter((r) => r.length === header.length).map((r) => r[at]!);
  };
  const languages = column('original_language').filter((code) => LANGUAGE_CODES.includes(code));
  return {
    source: 'sample',
    overviews: new TextModel(column('overview')),
    taglines: new TextModel(column('tagline').filter((t) => t !== '')),
    // Real titles repeat their words a lot ("Man", "Love"); a tenth uniform keeps rare ones coming.
    titleWords: new Pool(column('title').flatMap(titleWords), 0.1),
    keywords: new Pool(column('keywords').flatMap(list)),
    companies: new Pool(column('production_companies').flatMap(list)),
    countries: new Pool(column('production_countries').flatMap(list), 0.2, COUNTRY_NAMES),
    spokenLanguages: new Pool(column('spoken_languages').flatMap(list), 0.2, LANGUAGE_NAMES),
    originalLanguages: new Pool(languages.length > 0 ? languages : fallbackLanguages(), 0.2, LANGUAGE_CODES),
  };
}

const cache = new Map<string, Vocabulary>();

/**
 * `samplePath` undefined: the sample next to the repository if it exists, else the built-in list.
 * A path: that file (an error if missing, so a typo is not silently a different dataset).
 * null: the built-in list.
 */
export function loadVocabulary(samplePath?: string | null): Vocabulary {
  const path =
    samplePath === undefined ? (existsSync(DEFAULT_SAMPLE_PATH) ? DEFAULT_SAMPLE_PATH : null) : samplePath;
  const key = path ?? '(builtin)';
  let vocabulary = cache.get(key);
  if (!vocabulary) {
    vocabulary = path === null ? builtinVocabulary() : sampleVocabulary(readFileSync(path, 'utf8'));
    cache.set(key, vocabulary);
  }
  return vocabulary;
}
