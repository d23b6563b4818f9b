/**
 * A search of one type's catalogue: which titles match, and in what order.
 *
 * A title matches when each word of the search that is not a stopword is in its name (the word
 * itself, a word within its typo budget, or for the last word a word it starts: search as you
 * type) or, as it was typed, in its overview. Spacing, punctuation and numerals are folded on
 * both sides (see search-index.ts): "spiderman", "walle", "creed 3" find Spider-Man,
 * WALL·E and Creed III; two words typed apart are also read run together ("bat man").
 *
 * The order, first difference wins:
 * 1. every word in the name, before titles found through their overview;
 * 2. fewer typos;
 * 3. the whole name typed ("alien": Alien before Aliens), exactly, then with typos;
 * 4. the name starting with the words in order, then holding them in order;
 * 5. the last word typed whole rather than started;
 * 6. popularity, then id: the same search always gives the same order, so pages never overlap.
 *
 * A search of several words that no title matches whole finds the titles matching all but one of
 * them (`rankSearch`).
 */
import {
  ascendingOrder,
  ascendingOrderAround,
  type IndexSnapshot,
  type NameList,
  type OverviewList,
} from './index-reader.js';
import { type Expansion, MAX_COMPLETIONS } from './vocabulary.js';
import { ARTICLES, figureOf, MAX_SEARCH_WORDS, nameKey, searchText } from '../search-index.js';
import { STOPWORDS } from '../text.js';

export type Universe = 'visible' | 'hidden' | 'all';

/**
 * What one word of a search matched in one title, packed in 25 bits (0: its overview only): in
 * the name (bit 0), typos (2 bits), a started word (1), position (8), span (2), the whole name (2:
 * 3 as typed, 2 mended with one typo, 1 with two or more, 0 not), name length (8), lead (1).
 */
const Match = {
  Title: 1,
  TyposShift: 1,
  CompletionShift: 3,
  PositionShift: 4,
  SpanShift: 12,
  WholeShift: 14,
  LengthShift: 16,
  LeadShift: 24,
} as const;

/** The titles one word matches, by id: how (Match) and their popularity. */
interface WordMatches {
  readonly ids: Int32Array;
  readonly match: Int32Array;
  readonly popularity: Float32Array;
}

/**
 * Whole-name keys a search may be: exactly as typed, or with its typos mended (each with the
 * fewest typos that give it).
 */
interface WholeKeys {
  readonly exact: number;
  readonly mended: ReadonlyMap<number, number>;
}

const MAX_NAME_COMBINATIONS = 64;

/** The search with each pair of neighbouring words that make a name word run together ("bat man"). */
function runTogether(words: readonly string[], has: (word: string) => boolean): string[] | null {
  const out: string[] = [];
  let changed = false;
  for (let i = 0; i < words.length; i++) {
    const [a, b] = [words[i]!, words[i + 1]];
    if (b !== undefined && !(STOPWORDS.has(a) && STOPWORDS.has(b)) && has(a + b)) {
      out.push(a + b);
      changed = true;
      i++;
    } else out.push(a);
  }
  return changed ? out : null;
}

/**
 * The search with each word typed without its spaces split into the name words it is made of,
 * when it is no word of a name or an overview ("elbe" is a name in an overview, not "el be").
 */
async function splitApart(words: readonly string[], snapshot: IndexSnapshot): Promise<string[] | null> {
  const splits = words.map((word, i) => snapshot.vocabulary.split(word, i === words.length - 1));
  if (splits.every((parts) => parts === null)) return null;
  const { overviews } = await snapshot.read(
    [],
    words.filter((_, i) => splits[i] !== null),
  );
  let changed = false;
  const out = words.flatMap((word, i) => {
    const parts = splits[i];
    if (!parts || (overviews.get(word)?.ids.length ?? 0) > 0) return [word];
    changed = true;
    return parts;
  });
  return changed && out.length <= MAX_SEARCH_WORDS ? out : null;
}

/** A year typed by its last two figures ("wonder woman 84", "blade runner 49"): the years it may be. */
const yearsEndingIn = (word: string): string[] => (/^\d\d$/.test(word) ? [`19${word}`, `20${word}`] : []);

function expansionsOf(
  snapshot: IndexSnapshot,
  word: string,
  last: boolean,
  maxCompletions: number | undefined,
  known: boolean,
): Expansion[] {
  const expansions = snapshot.vocabulary.expand(word, last, maxCompletions, known);
  const add = (other: string, typos: number) => {
    if (snapshot.vocabulary.has(other) && !expansions.some((e) => e.word === other))
      expansions.push({ word: other, typos, completion: false });
  };
  const figure = figureOf(word);
  if (figure !== undefined) add(figure, 0);
  // Ranked as a typo: a name with the number as typed comes first ("oceans 11" is Ocean's Eleven
  // before a title of 2011).
  for (const year of yearsEndingIn(word)) add(year, 1);
  return expansions;
}

function wholeKeys(words: readonly string[], options: readonly (readonly Expansion[])[]): WholeKeys {
  let combos: [words: string[], typos: number][] = [[[], 0]];
  words.forEach((word, i) => {
    const choices = new Map<string, number>([[word, 0]]);
    for (const e of options[i]!) if (!e.completion && !choices.has(e.word)) choices.set(e.word, e.typos);
    const next: [string[], number][] = [];
    for (const [combo, typos] of combos) {
      for (const [choice, more] of choices) {
        if (next.length >= MAX_NAME_COMBINATIONS) break;
        next.push([[...combo, choice], typos + more]);
      }
    }
    combos = next.length > 0 ? next : combos.map(([c, t]) => [[...c, word], t]);
  });
  const mended = new Map<number, number>();
  for (const [combo, typos] of combos) {
    const key = nameKey(combo);
    mended.set(key, Math.min(typos, mended.get(key) ?? typos));
  }
  return { exact: nameKey(words), mended };
}

/** Merges the name lists of a word's expansions and its overview list into one list by id. */
function matchesOfWord(
  expansions: readonly Expansion[],
  names: ReadonlyMap<string, NameList>,
  overview: OverviewList | undefined,
  whole: WholeKeys,
  mostPopular?: number,
): WordMatches {
  const chosen = (list: NameList) =>
    mostPopular === undefined || list.ids.length <= mostPopular ? null : mostPopularOf(list, mostPopular);
  let size = 0;
  for (const e of expansions) {
    const list = names.get(e.word);
    if (list) size += chosen(list)?.length ?? list.ids.length;
  }
  const ids = new Int32Array(size);
  const match = new Int32Array(size);
  const popularity = new Float32Array(size);
  let n = 0;
  // Names mended of typos are few, and often none: no lookup per posting then.
  const mended = whole.mended.size > 0 ? whole.mended : null;
  // The longest list taken whole is in id order already: only the rest is sorted (a common word).
  let run: [number, number] | null = null;
  for (const e of expansions) {
    const list = names.get(e.word);
    if (!list) continue;
    const head =
      Match.Title |
      (Math.min(e.typos, 3) << Match.TyposShift) |
      (Number(e.completion) << Match.CompletionShift);
    const only = chosen(list);
    const count = only?.length ?? list.ids.length;
    if (!only && count > (run ? run[1] - run[0] : 0)) run = [n, n + count];
    for (let k = 0; k < count; k++) {
      const i = only ? only[k]! : k;
      const key = list.key[i]!;
      const mendedWith = mended?.get(key);
      // 3: the whole name as typed (or mended of nothing); 3 - typos: mended; 0: not the whole name.
      const wholeness = key === whole.exact ? 3 : mendedWith === undefined ? 0 : 3 - Math.min(mendedWith, 2);
      ids[n] = list.ids[i]!;
      popularity[n] = list.popularity[i]!;
      match[n] =
        head |
        (list.position[i]! << Match.PositionShift) |
        (Math.min(list.span[i]!, 3) << Match.SpanShift) |
        (wholeness << Match.WholeShift) |
        (list.length[i]! << Match.LengthShift) |
        (list.lead[i]! << Match.LeadShift);
      n++;
    }
  }
  // By id, and for each id its best match: fewest typos, whole before started.
  const order = run ? ascendingOrderAround(ids, run) : ascendingOrder(ids);
  const names_ = { ids: new Int32Array(n), match: new Int32Array(n), popularity: new Float32Array(n) };
  let m = 0;
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    const id = ids[i]!;
    const code = match[i]!;
    if (m > 0 && names_.ids[m - 1] === id) {
      if (better(code, names_.match[m - 1]!)) names_.match[m - 1] = code;
      continue;
    }
    names_.ids[m] = id;
    names_.match[m] = code;
    names_.popularity[m] = popularity[i]!;
    m++;
  }
  if (!overview || overview.ids.length === 0) {
    return {
      ids: names_.ids.subarray(0, m),
      match: names_.match.subarray(0, m),
      popularity: names_.popularity.subarray(0, m),
    };
  }
  // Then the titles whose overview has the word as typed, merged in by id.
  const total = m + overview.ids.length;
  const out = {
    ids: new Int32Array(total),
    match: new Int32Array(total),
    popularity: new Float32Array(total),
  };
  let [a, b, o] = [0, 0, 0];
  while (a < m || b < overview.ids.length) {
    const x = a < m ? names_.ids[a]! : Number.MAX_SAFE_INTEGER;
    const y = b < overview.ids.length ? overview.ids[b]! : Number.MAX_SAFE_INTEGER;
    if (x <= y) {
      out.ids[o] = x;
      out.match[o] = names_.match[a]!;
      out.popularity[o] = names_.popularity[a]!;
      a++;
      if (x === y) b++;
    } else {
      out.ids[o] = y;
      out.match[o] = 0;
      out.popularity[o] = overview.popularity[b]!;
      b++;
    }
    o++;
  }
  return {
    ids: out.ids.subarray(0, o),
    match: out.match.subarray(0, o),
    popularity: out.popularity.subarray(0, o),
  };
}

const typosOf = (code: number) => (code >> Match.TyposShift) & 3;
const completionOf = (code: number) => (code >> Match.CompletionShift) & 1;
const positionOf = (code: number) => (code >> Match.PositionShift) & 255;
const spanOf = (code: number) => (code >> Match.SpanShift) & 3;
const wholeOf = (code: number) => (code >> Match.WholeShift) & 3;
const leadOf = (code: number) => (code >> Match.LeadShift) & 1;

/** Whether match `a` of a word in a title beats `b`: fewer typos, then a whole word, then earlier. */
function better(a: number, b: number): boolean {
  if (typosOf(a) !== typosOf(b)) return typosOf(a) < typosOf(b);
  if (completionOf(a) !== completionOf(b)) return completionOf(a) < completionOf(b);
  return positionOf(a) < positionOf(b);
}

/** What a reading of the search looks like, for ranking. */
interface Shape {
  /** For each required word, how many words of the search come before it (an article left out). */
  readonly before: readonly number[];
  /** The search starts with an article: it is meant for a name that does too. */
  readonly article: boolean;
  readonly lastIsRequired: boolean;
}

/** Titles found through their overview come after every title found by its name. */
const OVERVIEW_TIER = 1 << 20;
/** Titles of a year typed with the name come before every other (see `rankSearch`). */
const OF_THE_YEAR = 1 << 22;
/** A word that may be a release year. */
const YEAR = /^(18[89]\d|19\d\d|20\d\d)$/;

/**
 * A title's rank tier from what each required word matched and how many optional words (the
 * search's stopwords) its name lacks; lower is better (see the order above).
 */
function tierOf(codes: readonly number[], missingOptional: number, shape: Shape): number {
  let inName = 0;
  for (const code of codes) if (code & Match.Title) inName++;
  if (inName < codes.length) return OVERVIEW_TIER + (codes.length - inName);
  let typos = 0;
  let inOrder = true;
  let adjacent = true;
  let previousEnd = -1;
  for (let w = 0; w < codes.length; w++) {
    const code = codes[w]!;
    typos += typosOf(code);
    const position = positionOf(code);
    if (position < previousEnd) inOrder = false;
    if (w > 0 && position - previousEnd > shape.before[w]! - shape.before[w - 1]! - 1) adjacent = false;
    previousEnd = position + spanOf(code);
  }
  const first = codes[0]!;
  const lead = leadOf(first);
  const starts = inOrder && positionOf(first) === lead + shape.before[0]! && (!shape.article || lead === 1);
  const order = !inOrder ? 0 : starts ? (adjacent ? 3 : 2) : 1;
  const whole = wholeOf(first);
  // A whole name mended with more typos than the words needed is not the name meant.
  const wholeRank = whole === 3 ? 0 : whole > 0 && 3 - whole <= typos ? 1 : 2;
  const started = shape.lastIsRequired ? completionOf(codes[codes.length - 1]!) : 0;
  return (((typos * 3 + wholeRank) * 9 + Math.min(missingOptional, 8)) * 4 + (3 - order)) * 2 + started;
}

/**
 * Titles a search found, by ascending id: each one's tier (the best it was found at: lowest) and
 * its popularity. Typed arrays rather than a map of pairs: a common word finds a few hundred
 * thousand titles at a million.
 */
export interface Found {
  readonly ids: Int32Array;
  readonly tiers: Int32Array;
  readonly popularity: Float32Array;
}

const NOTHING_FOUND: Found = {
  ids: new Int32Array(0),
  tiers: new Int32Array(0),
  popularity: new Float32Array(0),
};

/** Room for `size` titles found, filled in ascending id order, then cut to what was filled (`done`). */
function foundOf(size: number) {
  const found = {
    ids: new Int32Array(size),
    tiers: new Int32Array(size),
    popularity: new Float32Array(size),
  };
  let n = 0;
  return {
    add(id: number, tier: number, popularity: number) {
      found.ids[n] = id;
      found.tiers[n] = tier;
      found.popularity[n] = popularity;
      n++;
    },
    done: (): Found => ({
      ids: found.ids.subarray(0, n),
      tiers: found.tiers.subarray(0, n),
      popularity: found.popularity.subarray(0, n),
    }),
  };
}

/** The titles of both, each at the better of its tiers (`a`'s when they are equal). */
function together(a: Found, b: Found): Found {
  if (b.ids.length === 0) return a;
  if (a.ids.length === 0) return b;
  const out = foundOf(a.ids.length + b.ids.length);
  let [i, j] = [0, 0];
  while (i < a.ids.length || j < b.ids.length) {
    const x = i < a.ids.length ? a.ids[i]! : Number.MAX_SAFE_INTEGER;
    const y = j < b.ids.length ? b.ids[j]! : Number.MAX_SAFE_INTEGER;
    if (x < y) {
      out.add(x, a.tiers[i]!, a.popularity[i]!);
      i++;
    } else if (y < x) {
      out.add(y, b.tiers[j]!, b.popularity[j]!);
      j++;
    } else {
      const first = b.tiers[j]! < a.tiers[i]! ? b : a;
      const at = first === a ? i : j;
      out.add(x, first.tiers[at]!, first.popularity[at]!);
      i++;
      j++;
    }
  }
  return out.done();
}

/** Whether `id` is in the list (by id), searching forward from `cursors[w]` and moving it. */
function seek(ids: Int32Array, id: number, cursors: Int32Array, w: number): number {
  const at = cursors[w]!;
  let step = 1;
  while (at + step < ids.length && ids[at + step]! < id) step *= 2;
  let [lo, hi] = [at, Math.min(at + step, ids.length)];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  cursors[w] = lo;
  return lo < ids.length && ids[lo] === id ? lo : -1;
}

/** Completions of a last word that is a stopword, read only to rank ("woman in"). */
const OPTIONAL_COMPLETIONS = 20;

/**
 * How far a search reaches. A listing's search reads the overviews and completes a last word to
 * its commonest words; the search box's suggestions show names only, from the first letters
 * typed, so they leave the overviews out and complete to fewer words: each key stroke then costs
 * what a listing's search of a longer word does.
 */
export interface Reach {
  readonly overviews: boolean;
  /** Completions of a last word alone. */
  readonly completions: number;
  /** Completions of a last word after other words ("brothers g"). */
  readonly moreCompletions: number;
  /**
   * For a search of one word, the most popular titles of each word it stands for that are
   * ranked (all when absent): enough for the first few, and bounded however common the word.
   */
  readonly mostPopular?: number;
}
export const LISTING_REACH: Reach = { overviews: true, completions: MAX_COMPLETIONS, moreCompletions: 400 };
export const SUGGESTION_REACH: Reach = {
  overviews: false,
  completions: 20,
  moreCompletions: 40,
  mostPopular: 300,
};

/**
 * The places of the `count` highest of `popularity`, highest first, then by place: chosen among
 * all (`selectSmallest`), then only they are sorted.
 */
export function mostPopular(popularity: Float32Array, count: number): Int32Array {
  const keys = new Float64Array(popularity.length);
  for (let i = 0; i < keys.length; i++) keys[i] = byPopularityKey(popularity[i]!, i);
  const top = Math.min(count, keys.length);
  if (top < keys.length) selectSmallest(keys, 0, keys.length, top);
  return Int32Array.from(keys.subarray(0, top).sort(), (key) => key % PLACES);
}

/**
 * Each list's `count` most popular postings, worked out once per list: a short prefix's commonest
 * word ("the") has a few hundred thousand, of which a suggestion ranks the first few hundred.
 */
const byPopularity = new WeakMap<NameList, { readonly count: number; readonly order: Int32Array }>();
function mostPopularOf(list: NameList, count: number): Int32Array {
  const kept = byPopularity.get(list);
  if (kept?.count === count) return kept.order;
  const order = mostPopular(list.popularity, count);
  byPopularity.set(list, { count, order });
  return order;
}

/**
 * How a reading stands to what was typed. `lastStarted`: its last word is the one being typed, so
 * it may be the start of a longer one. `whole`: the reading is all that was typed, so a name that
 * is exactly its words is the name meant (not so with a word dropped: "wonder woman 84" is not
 * Wonder Woman).
 */
interface Reading {
  readonly lastStarted: boolean;
  readonly whole: boolean;
}
const AS_TYPED: Reading = { lastStarted: true, whole: true };
/** No name is the whole of a reading that left a word out. */
const NO_WHOLE_NAME: WholeKeys = { exact: -1, mended: new Map() };

/** Titles matching every required word of one reading of the search, with their tiers. */
async function candidatesOf(
  snapshot: IndexSnapshot,
  words: readonly string[],
  reach: Reach,
  reading: Reading = AS_TYPED,
): Promise<Found> {
  const meaningful = words.map((w, i) => [w, i] as const).filter(([w]) => !STOPWORDS.has(w));
  const required = (meaningful.length > 0 ? meaningful : words.map((w, i) => [w, i] as const)).map(
    ([, i]) => i,
  );
  // Stopwords a name should have, articles aside (the whole name and its start see to those).
  const optional = words
    .map((w, i) => [w, i] as const)
    .filter(([w, i]) => !required.includes(i) && !ARTICLES.has(w))
    .map(([, i]) => i);
  const last = words.length - 1;
  const overviewWords = reach.overviews
    ? required.map((i) => words[i]!).filter((w) => w.length >= 2 && !STOPWORDS.has(w))
    : [];
  // A word that some overview has is known: it gets no more typos than a name word would.
  const { overviews } = await snapshot.read([], overviewWords);
  const known = (word: string) => (overviews.get(word)?.ids.length ?? 0) > 0;
  // A short last word after others completes to more words: the others narrow what it finds.
  const completions = required.length > 1 ? reach.moreCompletions : reach.completions;
  const options = words.map((word, i) =>
    expansionsOf(
      snapshot,
      word,
      i === last && reading.lastStarted,
      required.includes(i) ? completions : OPTIONAL_COMPLETIONS,
      known(word),
    ),
  );
  const whole = reading.whole ? wholeKeys(words, options) : NO_WHOLE_NAME;
  const nameWords = [...required, ...optional].flatMap((i) => options[i]!.map((e) => e.word));
  const { names } = await snapshot.read(nameWords, []);
  const mostPopular = required.length === 1 ? reach.mostPopular : undefined;
  const perWord = required.map((i) =>
    matchesOfWord(options[i]!, names, overviews.get(words[i]!), whole, mostPopular),
  );
  const optionalWords = optional.map((i) => matchesOfWord(options[i]!, names, undefined, whole));
  const leading = ARTICLES.has(words[0]!) && words.length > 1 ? 1 : 0;
  const shape: Shape = {
    before: required.map((i) => i - leading),
    article: leading === 1,
    lastIsRequired: required.includes(last) && reading.lastStarted,
  };
  // Walk the word matching fewest titles, and find each of its titles in the others by id.
  let smallest = 0;
  perWord.forEach((w, i) => {
    if (w.ids.length < perWord[smallest]!.ids.length) smallest = i;
  });
  const walked = perWord[smallest];
  if (!walked) return NOTHING_FOUND;
  const found = foundOf(walked.ids.length);
  const cursors = new Int32Array(perWord.length);
  const optionalCursors = new Int32Array(optionalWords.length);
  const codes = new Array<number>(perWord.length);
  outer: for (let k = 0; k < walked.ids.length; k++) {
    const id = walked.ids[k]!;
    for (let w = 0; w < perWord.length; w++) {
      const at = w === smallest ? k : seek(perWord[w]!.ids, id, cursors, w);
      if (at < 0) continue outer;
      codes[w] = perWord[w]!.match[at]!;
    }
    let missing = 0;
    for (let o = 0; o < optionalWords.length; o++)
      if (seek(optionalWords[o]!.ids, id, optionalCursors, o) < 0) missing++;
    found.add(id, tierOf(codes, missing, shape), walked.popularity[k]!);
  }
  return found.done();
}

/** The bits of a non-negative float32, which order as the floats do. */
const floatBits = new Float32Array(1);
const floatWords = new Uint32Array(floatBits.buffer);
function orderedBits(popularity: number): number {
  floatBits[0] = Math.max(0, popularity);
  return floatWords[0]! & 0x7fff_ffff;
}

/** Places below this fit a sort key beside a popularity (see `byPopularityKey`). */
const PLACES = 2_097_152;

/**
 * A double that sorts, among others made so, by popularity (highest first), then by `place`
 * (below `PLACES`): both fit it exactly, and a typed array's own sort does the rest. The place
 * comes back as `key % PLACES`.
 */
const byPopularityKey = (popularity: number, place: number): number =>
  (0x7fff_ffff - orderedBits(popularity)) * PLACES + place;

/** Titles matching every required word of `words`, read as typed, run together and split apart. */
async function foundBy(
  snapshot: IndexSnapshot,
  words: readonly string[],
  reach: Reach,
  reading: Reading = AS_TYPED,
): Promise<Found> {
  let found = await candidatesOf(snapshot, words, reach, reading);
  const joined = runTogether(words, (w) => snapshot.vocabulary.has(w));
  if (joined) found = together(found, await candidatesOf(snapshot, joined, reach, reading));
  const apart = await splitApart(words, snapshot);
  if (apart) found = together(found, await candidatesOf(snapshot, apart, reach, reading));
  return found;
}

/**
 * The titles of `universe` that `search` finds, best first. Hidden titles are left out of the
 * visible universe and are the hidden one.
 *
 * When no title has every word of a search of two words or more, the titles that have all but
 * one are found instead, as the field's engines drop a word rather than answer nothing: a word
 * no title has, or one typed another way ("catch me if u can", "dr strange multiverse"). A year
 * dropped so puts the titles of that year first ("dune 1984", "the lion king 2019"), among the
 * visible titles (the year sets hold those).
 */
export async function rankSearch(
  snapshot: IndexSnapshot,
  search: string,
  universe: Universe,
  reach: Reach = LISTING_REACH,
): Promise<Ranked> {
  const { words, required } = searchText(search);
  if (words.length === 0) return new Ranked(NOTHING_FOUND);
  const hidden = universe === 'all' ? null : await snapshot.hidden();
  const inUniverse = (id: number) => !hidden || hidden.has(id) === (universe === 'hidden');
  const anyIn = (ids: Int32Array) => {
    for (const id of ids) if (inUniverse(id)) return true;
    return false;
  };
  let found = await foundBy(snapshot, words, reach);
  if (required.length >= 2 && !anyIn(found.ids)) {
    found = NOTHING_FOUND;
    for (const left of required) {
      const fewer = await foundBy(
        snapshot,
        words.filter((_, i) => i !== left),
        reach,
        // The word before a last one dropped was typed whole.
        { lastStarted: left !== words.length - 1, whole: false },
      );
      // A year dropped is the year of the title meant ("dune 1984"): its titles of that year first.
      const year = YEAR.test(words[left]!) ? await snapshot.ofYear(words[left]!) : null;
      if (year) {
        const tiers = Int32Array.from(fewer.tiers);
        fewer.ids.forEach((id, i) => {
          if (year.has(id)) tiers[i]! -= OF_THE_YEAR;
        });
        found = together(found, { ...fewer, tiers });
      } else found = together(found, fewer);
    }
  }
  // A long search that still finds nothing may have a name's two words too many at one end: a
  // series put before the name ("star wars the empire strikes back") or two words after it.
  if (required.length >= 4 && !anyIn(found.ids)) {
    for (const [fewer, reading] of [
      [words.slice(2), { lastStarted: true, whole: false }],
      // The word before the two dropped was typed whole.
      [words.slice(0, -2), { lastStarted: false, whole: false }],
    ] as const)
      found = together(found, await foundBy(snapshot, fewer, reach, reading));
  }
  if (!hidden) return new Ranked(found);
  const shown = foundOf(found.ids.length);
  for (let i = 0; i < found.ids.length; i++)
    if (inUniverse(found.ids[i]!)) shown.add(found.ids[i]!, found.tiers[i]!, found.popularity[i]!);
  return new Ranked(shown.done());
}

/** Titles ordered at a time at least: a page of a listing's search is twenty. */
const MIN_BLOCK = 1024;

/**
 * The titles of a search, best first: by tier, then popularity (highest first), then id (see the
 * order above). They are put in order only as far as they are read: a common word finds a few
 * hundred thousand titles at a million, and a visitor reads the first twenty. The titles of a
 * tier are ordered when a read first reaches it, a large tier a block at a time (the block's
 * titles chosen among the rest, then sorted), each block at least as big as what was ordered
 * before it, so reading them all costs a sort of them all.
 */
export class Ranked {
  /** How many titles were found: the total, exact. */
  readonly length: number;
  /** Per tier, tiers in order: each title's `byPopularityKey`, its place that in `ids`. */
  private readonly keys: Float64Array;
  /** Where each tier's keys end. */
  private readonly ends: number[] = [];
  private readonly ordered: Int32Array;
  /** How many titles are in their final place. */
  private done = 0;

  /** The ids found, ascending. */
  readonly ids: Int32Array;

  /** Titles found, by ascending id, each with the tier it was found at (lower is better) and its popularity. */
  constructor({ ids, tiers, popularity }: Found) {
    this.ids = ids;
    const n = ids.length;
    this.length = n;
    // Each title's tier as a bucket (tiers in the order met), counted, then the buckets in tier order.
    const bucketOf = new Int32Array(n);
    const buckets = new Map<number, number>();
    const counts: number[] = [];
    for (let i = 0; i < n; i++) {
      let bucket = buckets.get(tiers[i]!);
      if (bucket === undefined) {
        bucket = counts.push(0) - 1;
        buckets.set(tiers[i]!, bucket);
      }
      bucketOf[i] = bucket;
      counts[bucket]!++;
    }
    const next = new Array<number>(counts.length);
    let end = 0;
    for (const [, bucket] of [...buckets].sort(([a], [b]) => a - b)) {
      next[bucket] = end;
      end += counts[bucket]!;
      this.ends.push(end);
    }
    this.keys = new Float64Array(n);
    for (let i = 0; i < n; i++) this.keys[next[bucketOf[i]!]!++] = byPopularityKey(popularity[i]!, i);
    this.ordered = new Int32Array(n);
  }

  /** The memory it holds: its ids, their order so far and the keys that order the rest. */
  get bytes(): number {
    return this.ids.buffer.byteLength + this.ordered.byteLength + this.keys.byteLength;
  }

  /** The ids of the titles ranked `from` up to `to` (not included). */
  subarray(from: number, to = this.length): Int32Array {
    this.orderUpTo(Math.min(to, this.length));
    return this.ordered.subarray(from, to);
  }

  private orderUpTo(to: number): void {
    const { keys } = this;
    let tier = 0;
    while (this.done < to) {
      while (this.ends[tier]! <= this.done) tier++;
      const [from, end] = [this.done, this.ends[tier]!];
      const start = tier === 0 ? 0 : this.ends[tier - 1]!;
      const wanted = Math.max(to - from, MIN_BLOCK, from - start);
      const upTo = wanted * 2 >= end - from ? end : from + wanted;
      if (upTo < end) selectSmallest(keys, from, end, upTo);
      keys.subarray(from, upTo).sort();
      for (let k = from; k < upTo; k++) this.ordered[k] = this.ids[keys[k]! % PLACES]!;
      this.done = upTo;
    }
  }
}

/**
 * Moves the `k - from` smallest of `keys[from..end)` to its front, in no order (a quickselect:
 * Hoare's partition around a median of three, narrowed to the side holding place `k - 1`). The
 * keys are distinct.
 */
function selectSmallest(keys: Float64Array, from: number, end: number, k: number): void {
  const target = k - 1;
  let [left, right] = [from, end - 1];
  while (left < right) {
    const [a, b, c] = [keys[left]!, keys[(left + right) >>> 1]!, keys[right]!];
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let [i, j] = [left, right];
    while (i <= j) {
      while (keys[i]! < pivot) i++;
      while (keys[j]! > pivot) j--;
      if (i <= j) {
        const swap = keys[i]!;
        keys[i] = keys[j]!;
        keys[j] = swap;
        i++;
        j--;
      }
    }
    if (target <= j) right = j;
    else if (target >= i) left = i;
    else return;
  }
}
