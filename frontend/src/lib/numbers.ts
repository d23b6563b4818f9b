/**
 * How the site writes numbers and counted things, everywhere: thousands separators (spec section
 * 9) and the singular or plural noun English asks for ("1 view", "2,630 views").
 */
import { onFirstUse } from '@cinefold/contracts';

const LOCALE = 'en-US';
const wholeNumbers = onFirstUse(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }));
const pluralRules = onFirstUse(() => new Intl.PluralRules(LOCALE));

/** A whole number with its thousands grouped: 34495 → "34,495". */
export function formatCount(count: number): string {
  return wholeNumbers().format(count);
}

/** A noun's two English forms: `{ one: 'vote', other: 'votes' }`. */
export interface Noun {
  readonly one: string;
  readonly other: string;
}

/** A noun whose plural adds an s ("view", "views"); give both forms where it does not. */
export function noun(one: string, other = `${one}s`): Noun {
  return { one, other };
}

/** The noun's form for `count`, without the number: "view" for 1, "views" for 0 or 2. */
export function nounFor(count: number, counted: Noun): string {
  return pluralRules().select(count) === 'one' ? counted.one : counted.other;
}

/** A count with its noun: "1 view", "0 views", "2,630 movies". */
export function countOf(count: number, counted: Noun): string {
  return `${formatCount(count)} ${nounFor(count, counted)}`;
}

/**
 * Click-through rate in percent with two decimals (spec section 2): clicks / impressions × 100.
 * Without impressions there is no rate; each screen says so in its own way.
 */
export function clickThroughPercent(clicks: number, impressions: number): string | null {
  return impressions > 0 ? ((clicks / impressions) * 100).toFixed(2) : null;
}
