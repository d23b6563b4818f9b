/**
 * npx tsx bench/src/relevance/make-queries.ts [--seed N]
 *
 * Writes the relevance benchmark's query set (`bench/src/relevance/queries.json`) from the real
 * sample: queries typed the way people type them, each with the id of the title it was typed for.
 * The set is committed, so every run and every engine is measured on the same queries; this
 * script says how it was made and makes it again.
 *
 * Each kind imitates one habit, and keeps only queries whose wanted title is a fair first answer
 * (no other title of the sample has the same name, or all the same words, or the same prefix
 * while being more popular):
 * - exact: the whole title, lower case, the punctuation people skip left out;
 * - prefix: the first letters, cut where a visitor would stop typing (the title has become the
 *   most popular one starting so), sometimes a letter or two further;
 * - typo-1 / typo-2: one or two slips of the keyboard (a neighbouring key, a letter dropped,
 *   doubled or swapped) in the title's longer words;
 * - spacing: hyphens, middle dots, apostrophes, accents, "&" and spaces typed otherwise
 *   ("spiderman", "walle", "amelie", "fast and furious", "lalaland", "bat man");
 * - sequel: the number of a sequel typed in figures where the title has Roman numerals or a
 *   "Part", "Vol." or "Chapter" ("godfather 2", "scream 6", "kill bill 2");
 * - partial: two or three of the title's words, in order, without the rest;
 * - overview: rare words of the overview (names, places) that are in no title.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Movie } from '@cinefold/contracts';
import { Rng } from '@cinefold/workers';
import { sampleMovies } from './sample.js';

export const QUERY_KINDS = [
  'exact',
  'prefix',
  'typo-1',
  'typo-2',
  'spacing',
  'sequel',
  'partial',
  'overview',
  'numbers',
  'loose',
] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

export interface RelevanceQuery {
  readonly kind: QueryKind;
  readonly query: string;
  /** The id of the title the query was typed for. */
  readonly wanted: number;
  /** Its title, for whoever reads the set. */
  readonly title: string;
}

export const QUERIES_FILE = fileURLToPath(new URL('./queries.json', import.meta.url));

const PER_KIND: Record<QueryKind, number> = {
  exact: 50,
  prefix: 50,
  'typo-1': 50,
  'typo-2': 40,
  spacing: 45,
  sequel: 40,
  partial: 45,
  overview: 40,
  // Typed by hand only (BY_HAND), as people write them, not derived from the rules of the others.
  numbers: 0,
  loose: 0,
};

/** Written by hand: the examples the issue gives, which any good search finds. */
const BY_HAND: readonly (readonly [QueryKind, string, string])[] = [
  ['exact', 'rocky', 'Rocky'],
  ['exact', 'alien', 'Alien'],
  ['typo-1', 'incepton', 'Inception'],
  ['typo-1', 'godfater', 'The Godfather'],
  ['typo-1', 'interstelar', 'Interstellar'],
  ['typo-1', 'forest gump', 'Forrest Gump'],
  ['spacing', 'spiderman', 'Spider-Man'],
  ['spacing', 'walle', 'WALL·E'],
  ['spacing', 'antman', 'Ant-Man'],
  ['spacing', 'lalaland', 'La La Land'],
  ['spacing', 'amelie', 'Amélie'],
  ['sequel', 'godfather 2', 'The Godfather Part II'],
  ['sequel', 'creed 3', 'Creed III'],
  ['sequel', 'scream 6', 'Scream VI'],
  // Numbers written as words where the title has figures, and the other way round.
  ['numbers', 'shrek two', 'Shrek 2'],
  ['numbers', 'paddington two', 'Paddington 2'],
  ['numbers', 'incredibles two', 'Incredibles 2'],
  ['numbers', 'toy story four', 'Toy Story 4'],
  ['numbers', 'it chapter 2', 'It Chapter Two'],
  ['numbers', 'oceans 11', "Ocean's Eleven"],
  ['numbers', 'oceans 12', "Ocean's Twelve"],
  ['numbers', 'oceans 8', "Ocean's Eight"],
  ['numbers', '50 shades of grey', 'Fifty Shades of Grey'],
  ['numbers', 'twelve years a slave', '12 Years a Slave'],
  ['numbers', '7 pounds', 'Seven Pounds'],
  ['numbers', '3 billboards', 'Three Billboards Outside Ebbing, Missouri'],
  ['numbers', 'the hateful 8', 'The Hateful Eight'],
  ['numbers', 'ten things i hate about you', '10 Things I Hate About You'],
  ['numbers', 'two fast two furious', '2 Fast 2 Furious'],
  ['numbers', 'twenty two jump street', '22 Jump Street'],
  ['numbers', 'apollo thirteen', 'Apollo 13'],
  ['numbers', '4 brothers', 'Four Brothers'],
  ['numbers', '2 weeks notice', 'Two Weeks Notice'],
  ['numbers', 'men in black three', 'Men in Black 3'],
  ['numbers', 'shrek 3', 'Shrek the Third'],
  ['numbers', 'shrek the 3rd', 'Shrek the Third'],
  // A word too many, a word no title has, or one written another way: nothing has them all.
  ['loose', 'catch me if u can', 'Catch Me If You Can'],
  ['loose', 'kill bill volume 1', 'Kill Bill: Vol. 1'],
  ['loose', 'kill bill volume 2', 'Kill Bill: Vol. 2'],
  ['loose', 'dr strange multiverse', 'Doctor Strange in the Multiverse of Madness'],
  ['loose', 'wonder woman 84', 'Wonder Woman 1984'],
  ['loose', 'blade runner 49', 'Blade Runner 2049'],
  ['loose', 'harry potter sorcerers stone', "Harry Potter and the Philosopher's Stone"],
  ['loose', 'harry potter 2 chamber of secrets', 'Harry Potter and the Chamber of Secrets'],
  ['loose', 'pirates of the caribbean 2 dead mans chest', "Pirates of the Caribbean: Dead Man's Chest"],
  ['loose', 'lord of the rings 1 fellowship', 'The Lord of the Rings: The Fellowship of the Ring'],
  ['loose', 'mission impossible 6 fallout', 'Mission: Impossible - Fallout'],
  ['loose', 'fast and furious 6', 'Fast & Furious 6'],
  ['loose', 'fast and furious tokyo drift', 'The Fast and the Furious: Tokyo Drift'],
  ['loose', 'captain america 3 civil war', 'Captain America: Civil War'],
  ['loose', 'spiderman into the spiderverse movie', 'Spider-Man: Into the Spider-Verse'],
  ['loose', 'guardians of the galaxy volume 3', 'Guardians of the Galaxy Vol. 3'],
  ['loose', 'mr and mrs smith', 'Mr. & Mrs. Smith'],
  ['loose', 'jumanji welcome to the jungle 2017', 'Jumanji: Welcome to the Jungle'],
  ['loose', 'twilight breaking dawn part 2', 'The Twilight Saga: Breaking Dawn - Part 2'],
  ['loose', 'hotel transylvania 3 summer vacation movie', 'Hotel Transylvania 3: Summer Vacation'],
  ['loose', 'justice league snyder cut', "Zack Snyder's Justice League"],
];

const STOP = new Set(
  'a an and are as at be by for from in into is it of on or the to with his her their its'.split(' '),
);

/** Lower case, accents off: how most people type. */
const plain = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
const wordsOf = (text: string) =>
  plain(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
/** The title as typed without its punctuation: "spider-man: no way home" → "spider man no way home". */
const typedTitle = (title: string) => wordsOf(title.replace(/['’]/g, '')).join(' ');
const dropArticle = (typed: string) => typed.replace(/^(the|a|an) /, '');

const KEYBOARD = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
function neighbours(c: string): string[] {
  for (const [r, row] of KEYBOARD.entries()) {
    const i = row.indexOf(c);
    if (i < 0) continue;
    const around = [row[i - 1], row[i + 1], KEYBOARD[r - 1]?.[i], KEYBOARD[r + 1]?.[i]];
    return around.filter((n): n is string => n !== undefined);
  }
  return [];
}

/** One slip of the keyboard in `word`, never on its first letter but now and then. */
function slip(rng: Rng, word: string): string {
  for (let tries = 0; tries < 20; tries++) {
    const at = rng.chance(0.1) ? 0 : rng.int(1, word.length - 1);
    const c = word[at]!;
    const r = rng.float();
    let typed: string;
    if (r < 0.3) {
      // A letter dropped, most often one of a double ("interstelar").
      const double = [...word].findIndex((ch, i) => i > 0 && ch === word[i - 1]);
      const cut = double > 0 && rng.chance(0.5) ? double : at;
      typed = word.slice(0, cut) + word.slice(cut + 1);
    } else if (r < 0.6) {
      const near = neighbours(c);
      if (near.length === 0) continue;
      typed = word.slice(0, at) + rng.pick(near) + word.slice(at + 1);
    } else if (r < 0.8) {
      if (at === word.length - 1 || word[at + 1] === c) continue;
      typed = word.slice(0, at) + word[at + 1] + c + word.slice(at + 2);
    } else {
      const extra = rng.chance(0.5) ? c : (rng.pick(neighbours(c)) ?? c);
      typed = word.slice(0, at) + extra + word.slice(at);
    }
    if (typed !== word && /^[a-z0-9]+$/.test(typed)) return typed;
  }
  return word;
}

const ROMAN: Record<string, number> = { ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7, viii: 8, ix: 9, x: 10 };

export async function makeQueries(seed: number): Promise<RelevanceQuery[]> {
  const movies = await sampleMovies();
  const rng = new Rng(seed, 7);
  const byName = new Map<string, Movie[]>();
  for (const m of movies) {
    const name = typedTitle(m.title);
    byName.set(name, [...(byName.get(name) ?? []), m]);
  }
  const uniquelyNamed = movies.filter((m) => byName.get(typedTitle(m.title))!.length === 1);
  const titleWords = new Set(movies.flatMap((m) => wordsOf(m.title)));
  const vocabulary = new Set([...titleWords, ...movies.flatMap((m) => wordsOf(m.overview))]);
  const titleWordSets = new Map(movies.map((m) => [m.id, new Set(wordsOf(m.title))]));
  /** Whether the wanted title is the only one holding every word of `words` in its title. */
  const onlyTitleWith = (wanted: Movie, words: readonly string[]) =>
    movies.every((m) => m.id === wanted.id || !words.every((w) => titleWordSets.get(m.id)!.has(w)));

  const queries: RelevanceQuery[] = [];
  const seen = new Set<string>();
  const add = (kind: QueryKind, query: string, movie: Movie) => {
    const q = query.replace(/\s+/g, ' ').trim();
    if (q.length < 2 || seen.has(`${kind}|${q}`)) return false;
    seen.add(`${kind}|${q}`);
    queries.push({ kind, query: q, wanted: movie.id, title: movie.title });
    return true;
  };
  const count = (kind: QueryKind) => queries.filter((q) => q.kind === kind).length;
  const shuffled = <T>(items: readonly T[]) => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };

  for (const [kind, query, title] of BY_HAND) {
    const movie = movies.find((m) => m.title === title);
    if (!movie) throw new Error(`the sample has no "${title}"`);
    add(kind, query, movie);
  }

  // Exact: the whole title, sometimes without its article, with its apostrophes half the time.
  for (const m of shuffled(uniquelyNamed)) {
    if (count('exact') >= PER_KIND.exact) break;
    if (!/^[\x20-\x7e]+$/.test(m.title)) continue; // accents and signs: the spacing kind's
    const keepApostrophes = rng.chance(0.5);
    const typed = wordsOf(keepApostrophes ? m.title : m.title.replace(/'/g, ''))
      .join(' ')
      .replace(/ s\b/g, keepApostrophes ? "'s" : 's');
    add('exact', typed, m);
  }

  // Prefix: cut where the title has become the most popular one starting with what was typed.
  const typedNames = movies.map((m) => [m, typedTitle(m.title), dropArticle(typedTitle(m.title))] as const);
  for (const m of shuffled(movies)) {
    if (count('prefix') >= PER_KIND.prefix) break;
    const full = typedTitle(m.title);
    const typed = rng.chance(0.6) ? dropArticle(full) : full;
    for (
      let cut = Math.min(typed.length - 1, 3 + (typed.startsWith('the ') ? 3 : 0));
      cut < typed.length;
      cut++
    ) {
      const prefix = typed.slice(0, cut);
      if (prefix.endsWith(' ')) continue;
      const starting = typedNames.filter(([, a, b]) => a.startsWith(prefix) || b.startsWith(prefix));
      const top = starting.reduce((best, next) => (next[0].popularity > best[0].popularity ? next : best));
      if (top[0].id !== m.id) continue;
      // "rocky ii" is another title's whole name, not the start of Rocky III.
      if (typedNames.some(([o, a, b]) => o.id !== m.id && (a === prefix || b === prefix))) break;
      const further = Math.min(typed.length - 1, cut + rng.int(0, 2));
      const typedFurther = typed.slice(0, further).trimEnd();
      if (typedFurther.length < typed.length) add('prefix', typedFurther, m);
      break;
    }
  }

  // Typos: slips in the longer words, in titles only one title has.
  for (const [kind, slips] of [
    ['typo-1', 1],
    ['typo-2', 2],
  ] as const) {
    for (const m of shuffled(uniquelyNamed)) {
      if (count(kind) >= PER_KIND[kind]) break;
      const words = dropArticle(typedTitle(m.title)).split(' ');
      const long = words.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 5 && /^[a-z]+$/.test(w));
      if (long.length === 0) continue;
      const typed = [...words];
      if (slips === 1) {
        const [w, i] = rng.pick(long);
        typed[i] = slip(rng, w);
      } else {
        const longest = long.reduce((a, b) => (b[0].length > a[0].length ? b : a));
        // Two slips in one word only where the field's engines allow two: nine letters or more.
        if (longest[0].length >= 9 && (long.length === 1 || rng.chance(0.5))) {
          typed[longest[1]] = slip(rng, slip(rng, longest[0]));
        } else if (long.length >= 2) {
          const [first, second] = shuffled(long);
          typed[first![1]] = slip(rng, first![0]);
          typed[second![1]] = slip(rng, second![0]);
        } else continue;
      }
      const changed = typed.filter((w, i) => w !== words[i]);
      if (changed.length === 0 || changed.some((w) => vocabulary.has(w))) continue;
      if (byName.has(typed.join(' '))) continue;
      add(kind, typed.join(' '), m);
    }
  }

  // Spacing, punctuation and accents typed otherwise.
  /** Each way of typing a title otherwise, by the habit it shows. */
  const spellings = (m: Movie): [habit: string, typed: string][] => {
    const out: [string, string][] = [];
    const t = m.title;
    const base = (text: string) => dropArticle(typedTitle(text));
    if (/\p{L}-\p{L}/u.test(t)) {
      out.push(['hyphen left out', base(t.replace(/(\p{L})-(\p{L})/gu, '$1$2'))]);
      out.push(['hyphen as a space', base(t.replace(/-/g, ' '))]);
    }
    if (t.includes('·')) out.push(['middle dot left out', base(t.replace(/·/g, ''))]);
    if (/\p{L}'s\b/u.test(t)) out.push(['apostrophe left out', base(t)]);
    if (plain(t) !== t.toLowerCase()) out.push(['accents left out', base(t)]);
    if (t.includes('&')) out.push(['& as and', base(t.replace(/&/g, 'and'))]);
    if (/\b\p{L}\.\p{L}\./u.test(t)) out.push(['initials run together', base(t.replace(/\./g, ''))]);
    // Spaces left out of short titles ("lalaland", "johnq"), and put into the middle of a word
    // written in two parts ("war games" for WarGames, "never ending story").
    const words = dropArticle(typedTitle(t)).split(' ');
    if (words.length >= 2 && words.length <= 3 && words.every((w) => w.length <= 4))
      out.push(['spaces left out', words.join('')]);
    // …and of longer names, whole ("backtothefuture", "piratesofthecaribbean").
    else if (words.length >= 3 && words.length <= 8 && !/\d/.test(t))
      out.push(['spaces left out of a longer name', words.join('')]);
    if (/\p{Ll}{2}\p{Lu}\p{Ll}{2}/u.test(t))
      out.push(['a space put in', base(t.replace(/(\p{Ll}{2})(\p{Lu}\p{Ll}{2})/gu, '$1 $2'))]);
    return out;
  };
  const byHabit = new Map<string, [Movie, string][]>();
  for (const m of shuffled(movies)) {
    if (byName.get(typedTitle(m.title))!.length > 1) continue;
    for (const [habit, typed] of spellings(m))
      byHabit.set(habit, [...(byHabit.get(habit) ?? []), [m, typed]]);
  }
  // Habit by habit in turn, so that no one of them fills the kind.
  for (let round = 0; count('spacing') < PER_KIND.spacing && round < movies.length; round++) {
    for (const spelled of byHabit.values()) {
      const next = spelled[round];
      if (next && count('spacing') < PER_KIND.spacing) add('spacing', next[1], next[0]);
    }
  }

  // Sequels: the number typed in figures.
  const SEQUEL =
    /^(.+?)(?:\s*[:,-]\s*|\s+)(?:(part|vol\.?|chapter|episode)\s+)?(ii|iii|iv|v|vi|vii|viii|ix|x|\d{1,2})\b(.*)$/i;
  for (const m of shuffled(movies)) {
    if (count('sequel') >= PER_KIND.sequel) break;
    const match = SEQUEL.exec(m.title);
    if (!match) continue;
    const [, base, word, number, rest] = match;
    const roman = ROMAN[number!.toLowerCase()];
    if (roman === undefined && !word) continue; // "Toy Story 3" is typed as it is written
    // The numeral ends the main title ("Rocky IV", "Star Trek II: The Wrath of Khan"), and a lone
    // V or X is a number only after a first film of that name ("Saw V", not "Project X").
    if (rest && !/^\s*[:-]/.test(rest)) continue;
    if (!word && /^[vx]$/i.test(number!) && !byName.has(typedTitle(base!))) continue;
    const figure = roman ?? Number(number);
    const typedBase = rng.chance(0.7) ? dropArticle(typedTitle(base!)) : typedTitle(base!);
    const keepWord =
      word && (/episode/i.test(word) || rng.chance(0.25)) ? `${plain(word).replace('.', '')} ` : '';
    const withRest = rest && rng.chance(0.2) ? ` ${typedTitle(rest)}` : '';
    add('sequel', `${typedBase} ${keepWord}${figure}${withRest}`, m);
  }

  // Partial titles: a run of its words, or its longer words, that no other title holds together.
  for (const m of shuffled(movies)) {
    if (count('partial') >= PER_KIND.partial) break;
    const all = typedTitle(m.title).split(' ');
    const content = all.filter((w) => !STOP.has(w) && w !== 's');
    if (content.length < 3) continue;
    let picked: string[];
    if (rng.chance(0.5)) {
      // A run of the title: "grand budapest", "age of extinction".
      const from = rng.int(0, all.length - 2);
      const run: string[] = [];
      for (let i = from; i < all.length && run.filter((w) => !STOP.has(w)).length < rng.int(2, 3); i++)
        run.push(all[i]!);
      while (run.length > 0 && STOP.has(run.at(-1)!)) run.pop();
      while (run.length > 0 && STOP.has(run[0]!)) run.shift();
      picked = run;
    } else {
      // Its longer words: "harry potter deathly hallows".
      const long = content.filter((w) => w.length >= 4);
      const k = Math.min(long.length - 1, rng.int(2, 3));
      if (k < 2) continue;
      const start = rng.int(0, long.length - k);
      picked = long.slice(start, start + k);
    }
    const meaningful = picked.filter((w) => !STOP.has(w) && w.length >= 3);
    if (meaningful.length < 2 || picked.length >= all.length) continue;
    if (!onlyTitleWith(m, meaningful)) continue;
    add('partial', picked.join(' '), m);
  }

  // Overview words: names and places that are in this overview, few others, and no title.
  const overviewCounts = new Map<string, number>();
  for (const m of movies)
    for (const w of new Set(wordsOf(m.overview))) overviewCounts.set(w, (overviewCounts.get(w) ?? 0) + 1);
  const overviewSets = new Map(movies.map((m) => [m.id, new Set(wordsOf(m.overview))]));
  for (const m of shuffled(movies)) {
    if (count('overview') >= PER_KIND.overview) break;
    const names = [...m.overview.matchAll(/(?<=[a-z,] )(\p{Lu}\p{Ll}{3,})/gu)].map((x) => plain(x[1]!));
    const rare = [...new Set(names)].filter(
      (w) => !titleWords.has(w) && !STOP.has(w) && (overviewCounts.get(w) ?? 0) <= 3,
    );
    if (rare.length === 0) continue;
    const picked = rare.length >= 2 && rng.chance(0.6) ? shuffled(rare).slice(0, 2) : [rng.pick(rare)];
    const matching = movies.filter((o) => picked.every((w) => overviewSets.get(o.id)!.has(w)));
    if (matching.length !== 1) continue;
    add('overview', picked.join(' '), m);
  }

  return QUERY_KINDS.flatMap((kind) => queries.filter((q) => q.kind === kind));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { seed } = parseArgs({ options: { seed: { type: 'string', default: '2024' } } }).values;
  const queries = await makeQueries(Number(seed));
  writeFileSync(QUERIES_FILE, `${JSON.stringify(queries, null, 2)}\n`);
  const counts = QUERY_KINDS.map((kind) => `${kind} ${queries.filter((q) => q.kind === kind).length}`);
  process.stdout.write(`wrote ${queries.length} queries to ${QUERIES_FILE}: ${counts.join(', ')}\n`);
}
