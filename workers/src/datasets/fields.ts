/**
 * Field values shared by the movie and TV schemas. Shapes follow the real rows: numbers printed
 * the way the upstream export prints floats ("6.5", "7.0", "83.952"), dates YYYY-MM-DD, lists
 * joined with ", ". The rates of the odd cases (blank, zero, True, quotes) are the long tail the
 * sample lacks because it is the most-voted top of the catalogue.
 */
import { LANGUAGES, NATIVE_TITLES, NO_SPACE_LANGUAGES, TITLE_ODDITIES, type Language } from './builtin.js';
import { type Rng } from './random.js';
import { type Vocabulary } from './vocabulary.js';

export const LANGUAGE_BY_CODE: ReadonlyMap<string, Language> = new Map(LANGUAGES.map((l) => [l.code, l]));

export function language(code: string): Language {
  const found = LANGUAGE_BY_CODE.get(code);
  if (!found) throw new Error(`no language "${code}"`);
  return found;
}

/** Rounded to three decimals and printed like a Python float: no trailing zeros, but "7.0" not "7". */
export function decimal(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return Number.isInteger(rounded) ? `${rounded}.0` : String(rounded);
}

const DAY_MS = 86_400_000;

/** A day in `year`, as days since 1970-01-01 (negative before). */
export function dayIn(rng: Rng, year: number): number {
  const first = Date.UTC(year, 0, 1) / DAY_MS;
  const length = Date.UTC(year + 1, 0, 1) / DAY_MS - first;
  return first + Math.floor(rng.float() * length);
}

// Every date from 1900 to 2025 formatted once: a table lookup is several times cheaper per row
// than a Date and toISOString.
const TABLE_FIRST_DAY = Date.UTC(1900, 0, 1) / DAY_MS;
let dateTable: string[] | undefined;

export function dateText(day: number): string {
  dateTable ??= Array.from({ length: Date.UTC(2026, 0, 1) / DAY_MS - TABLE_FIRST_DAY }, (_, i) =>
    new Date((TABLE_FIRST_DAY + i) * DAY_MS).toISOString().slice(0, 10),
  );
  return dateTable[day - TABLE_FIRST_DAY] ?? new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A year no later than `latest`, newer years more likely: the catalogue grows every year, and
 * the real rows double roughly every decade. Rare draws before `earliest` land uniformly in its
 * first decades instead of piling up on one year.
 */
export function recentYear(rng: Rng, earliest: number, latest: number, meanAgeYears: number): number {
  const year = latest - Math.floor(-Math.log(1 - rng.float()) * meanAgeYears);
  return year >= earliest ? year : earliest + Math.floor(rng.float() * 30);
}

/** "True"/"False" as in the upstream file, and now and then as a spreadsheet or a script wrote it. */
export function booleanText(rng: Rng, value: boolean, variantRate: number): string {
  if (!rng.chance(variantRate)) return value ? 'True' : 'False';
  if (value) return rng.chance(0.5) ? 'true' : 'TRUE';
  return rng.chance(0.5) ? 'false' : 'FALSE';
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** "/oYuLEt3zVCKq57qu2F8dT7NIa6f.jpg": 27 (sometimes 26) base-62 characters like TMDB's image paths. */
export function imagePath(rng: Rng): string {
  const length = rng.chance(0.05) ? 26 : 27;
  let out = '/';
  // Five characters per 32-bit draw: 62^5 < 2^32, and the bias of `% 62` is far below notice.
  for (let left = length; left > 0; left -= 5) {
    let bits = rng.uint32();
    for (let k = 0; k < 5 && k < left; k++) {
      out += BASE62[bits % 62];
      bits = Math.floor(bits / 62);
    }
  }
  return `${out}.jpg`;
}

export function imdbId(rng: Rng): string {
  return `tt${String(rng.int(1, 9_999_999)).padStart(7, '0')}`;
}

/** Vote count (long-tailed, often 0) and the average those votes give. */
export function votes(
  rng: Rng,
  zeroShare: number,
  alpha: number,
  cap: number,
): [count: string, average: string] {
  if (rng.chance(zeroShare)) return ['0', '0.0'];
  const count = Math.min(cap, Math.floor(rng.pareto(alpha)));
  let average: number;
  if (count <= 5) {
    // A handful of 1–10 votes averages to a coarse value (6.5, 7.333), as in the real long tail.
    let sum = 0;
    for (let i = 0; i < count; i++) sum += Math.min(10, Math.max(1, Math.round(rng.normal(6.3, 2.2))));
    average = sum / count;
  } else {
    const spread = 0.5 + 2 / Math.sqrt(count);
    average = Math.min(10, Math.max(0.5, rng.normal(6.1 + 0.2 * Math.log10(count), spread)));
  }
  return [String(count), decimal(average)];
}

/** Popularity grows with votes but has its own heavy tail (a trailer drops, a star dies). */
export function popularity(rng: Rng, voteCount: number): string {
  return decimal(Math.min(5000, 0.6 * (voteCount + 1) ** 0.45 * rng.pareto(2.5)));
}

// Placed by the title patterns; everything else comes from the vocabulary's title words.
const SEQUELS = ['2', '3', 'II', 'III', 'Part II', '4', 'Returns', 'Reloaded'];

export function englishTitle(rng: Rng, vocabulary: Vocabulary): string {
  const w = (): string => vocabulary.titleWords.draw(rng);
  const r = rng.float();
  if (r < 0.22) return w();
  if (r < 0.4) return `The ${w()}`;
  if (r < 0.58) return `${w()} ${w()}`;
  if (r < 0.66) return `The ${w()} ${w()}`;
  if (r < 0.74) return rng.chance(0.5) ? `${w()} of the ${w()}` : `The ${w()} of ${w()}`;
  if (r < 0.84) return `${w()}: ${rng.chance(0.5) ? 'The ' : ''}${w()} ${w()}`;
  if (r < 0.9) return `${w()} ${w()} ${w()}`;
  if (r < 0.95) return `${w()} ${rng.pick(SEQUELS)}`;
  return `${w()} and the ${w()}`;
}

/** Titles that trip up CSV writers and readers: quotes, commas, a leading quote, odd symbols. */
export function awkwardTitle(rng: Rng, vocabulary: Vocabulary): string {
  const w = (): string => vocabulary.titleWords.draw(rng);
  switch (rng.int(0, 5)) {
    case 0:
      return `The "${w()}" ${w()}, ${w()}`;
    case 1:
      return `"${w()}"`;
    case 2:
      return `${w()}, ${w()}, ${w()}.`;
    case 3:
      return `${w()}'s ${w()}: "${w()}"`;
    case 4:
      return `${w()}${rng.pick(TITLE_ODDITIES)}`;
    default:
      return `${w()}, or the ${w()} of ${w()}`;
  }
}

export const NATIVE_LANGUAGES = Object.keys(NATIVE_TITLES);

/** An original title in the language's own script or accents, sometimes with a subtitle. */
export function nativeTitle(rng: Rng, code: string): string {
  const titles = NATIVE_TITLES[code];
  if (!titles) throw new Error(`no native titles for "${code}"`);
  const first = rng.pick(titles);
  if (!rng.chance(0.3)) return first;
  return `${first}${NO_SPACE_LANGUAGES.has(code) ? '' : ': '}${rng.pick(titles)}`;
}

export function isLatinScript(code: string): boolean {
  return !['ja', 'ko', 'zh', 'ru', 'el'].includes(code);
}

/**
 * Title, original title and original language together: most rows are in the drawn language
 * with an English-like title; a few carry a native title, in original_title and, for Latin
 * scripts, half the time in the title too (as "Amélie" or "Les Misérables" are listed).
 */
export function titles(
  rng: Rng,
  vocabulary: Vocabulary,
  foreignRate: number,
  awkwardRate: number,
): { title: string; original: string; code: string } {
  if (rng.chance(foreignRate)) {
    const code = rng.pick(NATIVE_LANGUAGES);
    const original = nativeTitle(rng, code);
    const title = isLatinScript(code) && rng.chance(0.5) ? original : englishTitle(rng, vocabulary);
    return { title, original, code };
  }
  const title = rng.chance(awkwardRate) ? awkwardTitle(rng, vocabulary) : englishTitle(rng, vocabulary);
  return { title, original: title, code: vocabulary.originalLanguages.draw(rng) };
}

export interface OverviewRates {
  readonly blank: number;
  readonly multiline: number;
  readonly quoted: number;
}

/** One to four sentences; some blank, some over several lines, some with a quoted phrase. */
export function overview(rng: Rng, vocabulary: Vocabulary, rates: OverviewRates): string {
  if (rng.chance(rates.blank)) return '';
  const multiline = rng.chance(rates.multiline);
  const r = rng.float();
  const count = multiline ? rng.int(2, 4) : r < 0.3 ? 1 : r < 0.65 ? 2 : r < 0.87 ? 3 : 4;
  const sentences: string[] = [];
  for (let i = 0; i < count; i++) sentences.push(vocabulary.overviews.sentence(rng, 45));
  if (rng.chance(rates.quoted)) {
    const at = rng.int(0, count - 1);
    const words = sentences[at]!.split(' ');
    const w = rng.int(0, words.length - 1);
    words[w] = `"${words[w]!}"`;
    sentences[at] = words.join(' ');
  }
  if (!multiline) return sentences.join(' ');
  // Paragraph breaks as pasted into TMDB's form: a bare newline, sometimes a blank line.
  return sentences.join(rng.chance(0.3) ? '\n\n' : '\n');
}

export function tagline(rng: Rng, vocabulary: Vocabulary, blankRate: number): string {
  if (rng.chance(blankRate)) return '';
  const first = vocabulary.taglines.sentence(rng, 14);
  return rng.chance(0.15) ? `${first} ${vocabulary.taglines.sentence(rng, 8)}` : first;
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** `sections`: the two path styles studios use, e.g. ["movies", "movie"] or ["shows", "tv"]. */
export function homepage(
  rng: Rng,
  title: string,
  owner: string | undefined,
  id: number,
  sections: readonly [string, string],
): string {
  const name = slug(title) || `title-${id}`;
  const site = slug(owner ?? '') || 'studio';
  switch (rng.int(0, 3)) {
    case 0:
      return `https://www.${name.replaceAll('-', '')}.com/`;
    case 1:
      return `http://www.${name.replaceAll('-', '')}${sections[1]}.com`;
    case 2:
      return `https://www.${site}.com/${sections[0]}/${name}`;
    default:
      return `https://www.${site}.com/${sections[1]}/${name}/`;
  }
}

/** Names sorted, as the real rows list countries and spoken languages. */
export function sortedList(values: Iterable<string>): string {
  return [...new Set(values)].sort().join(', ');
}

/** The language's own country first (a French film is mostly made in France), plus a few others. */
export function productionCountries(
  rng: Rng,
  vocabulary: Vocabulary,
  lang: Language,
  blankRate: number,
): string {
  if (rng.chance(blankRate)) return '';
  const own = rng.chance(0.7) ? lang.countries[0]! : rng.pick(lang.countries);
  const extra = vocabulary.countries.drawDistinct(rng, rng.geometric(0.25, 3));
  return sortedList([own[1], ...extra]);
}

export function spokenLanguages(rng: Rng, vocabulary: Vocabulary, lang: Language, blankRate: number): string {
  if (rng.chance(blankRate)) return '';
  const extra = vocabulary.spokenLanguages.drawDistinct(rng, rng.geometric(0.3, 3));
  return sortedList([lang.name, ...extra]);
}

/** 1–3 different genres: about half the titles have one, a fifth have three. */
export function genres(rng: Rng, draw: () => string, first?: string): string {
  const count = 1 + rng.geometric(0.45, 2);
  const out = first === undefined ? [] : [first];
  for (let tries = 0; out.length < count && tries < 12; tries++) {
    const genre = draw();
    if (!out.includes(genre)) out.push(genre);
  }
  return out.join(', ');
}
