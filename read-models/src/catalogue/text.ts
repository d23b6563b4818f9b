/**
 * How catalogue text becomes words, shared by the projector that indexes and the query side that
 * searches, so both always agree (what is indexed of them: `search-index.ts`). Case- and
 * accent-insensitive: "Amélie" and "AMELIE" are the same word.
 */
import type { TitleType } from '@cinefold/contracts';

/** Common English words that would match most overviews and tell a search nothing. */
export const STOPWORDS = new Set(
  (
    'a an and are as at be been but by for from had has have he her his how i if in into is it its me my no not of ' +
    'on or our out over she so than that the their them then there these they this to too up us was we were what ' +
    'when where which while who whom why will with you your after all also any can could do does each just more most ' +
    'must one only other own same should some such very would'
  ).split(' '),
);

const MAX_TERM = 40;

/** Printable ASCII only: nothing to fold but case (most catalogue text, and much cheaper). */
const PLAIN = /^[\x20-\x7e]*$/;

export function foldText(text: string): string {
  if (PLAIN.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * The words of a text, folded: an ampersand is the word "and", as people type it ("fast and
 * furious" for Fast & Furious).
 */
export function words(text: string): string[] {
  const folded = foldText(text).replaceAll('&', ' and ');
  return folded
    .split(PLAIN.test(folded) ? /[^a-z0-9]+/ : /[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && w.length <= MAX_TERM);
}

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A number that orders titles A–Z by their first ten letters and digits (base 37 fits a double
 * exactly), so "sort by title" can be a sorted set like every other order.
 */
export function titleSortScore(name: string): number {
  const letters = foldText(name).replace(/[^0-9a-z]/g, '');
  let score = 0;
  for (let i = 0; i < 10; i++) {
    const index = i < letters.length ? ALPHABET.indexOf(letters[i]!) + 1 : 0;
    score = score * 37 + index;
  }
  return score;
}

/** The genre names of a title, as in the datasets: "Action, Science Fiction". */
export function genreNames(genres: string): string[] {
  return genres
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);
}

export function genreSlug(name: string): string {
  return foldText(name)
    .replace(/&/g, ' ')
    .replace(/[^0-9a-z]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The genre pages use short names ("Sci-Fi"); the datasets use TMDB's ("Science Fiction", and
 * for TV "Sci-Fi & Fantasy", "Action & Adventure").
 */
const GENRE_ALIASES: Record<TitleType, ReadonlyMap<string, string>> = {
  movie: new Map([
    ['sci-fi', 'science-fiction'],
    ['scifi', 'science-fiction'],
  ]),
  tv: new Map([
    ['sci-fi', 'sci-fi-fantasy'],
    ['scifi', 'sci-fi-fantasy'],
    ['science-fiction', 'sci-fi-fantasy'],
    ['fantasy', 'sci-fi-fantasy'],
    ['action', 'action-adventure'],
    ['adventure', 'action-adventure'],
    ['war', 'war-politics'],
  ]),
};

export function genreQuerySlugs(type: TitleType, genre: string): string[] {
  const slug = genreSlug(genre);
  // A Map: an object would answer "constructor" with a function.
  const alias = GENRE_ALIASES[type].get(slug);
  return alias ? [slug, alias] : [slug];
}

/**
 * "Top rated" weighs the average by how many voted (the IMDb weighted rating), so a title with
 * one 10/10 vote does not outrank one with thousands of 8.5s.
 */
export const RATING_PRIOR = { votes: 50, mean: 6.5 } as const;
export function ratingScore(average: number, votes: number): number {
  const v = Math.max(0, votes);
  return (
    (v / (v + RATING_PRIOR.votes)) * average +
    (RATING_PRIOR.votes / (v + RATING_PRIOR.votes)) * RATING_PRIOR.mean
  );
}

/** Days since 1970 for YYYY-MM-DD; titles without a date sort after every dated one. */
export const NO_DATE_SCORE = -1_000_000;
export function dateScore(date: string | null): number {
  if (!date) return NO_DATE_SCORE;
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? NO_DATE_SCORE : Math.floor(time / 86_400_000);
}
