import { describe, expect, it } from 'vitest';
import { yearOf } from '@cinefold/contracts';
import {
  formatMoney,
  formatMonthYear,
  formatRating,
  formatRuntime,
  isRated,
  truncateText,
} from './formatting';
import { genreList } from './title-summary';

describe('title facts as the detail pages write them', () => {
  it('writes a runtime in hours and minutes', () => {
    expect(formatRuntime(148)).toBe('2h 28m');
    expect(formatRuntime(45)).toBe('45m');
    expect(formatRuntime(120)).toBe('2h');
    expect(formatRuntime(0)).toBe('');
  });

  it('writes budget and revenue in dollars with thousands separators, N/A when unknown', () => {
    expect(formatMoney(160_000_000)).toBe('$160,000,000');
    expect(formatMoney(825_532_764)).toBe('$825,532,764');
    expect(formatMoney(0)).toBe('N/A');
    expect(formatMoney(undefined)).toBe('N/A');
  });

  it('writes vote counts with separators and ratings with one decimal', () => {
    expect(formatRating(8.364)).toBe('8.4');
    expect(formatRating(7)).toBe('7.0');
  });

  it('calls a title with no votes, or an average of 0, not rated', () => {
    expect(isRated(7.2, 10)).toBe(true);
    expect(isRated(7.2)).toBe(true);
    expect(isRated(0, 0)).toBe(false);
    expect(isRated(0)).toBe(false);
    expect(isRated(6, 0)).toBe(false);
  });

  it('names the month and year of a date', () => {
    expect(formatMonthYear(new Date(2026, 10, 3))).toBe('November 2026');
  });

  it('reads the genre list and the year of a title', () => {
    expect(genreList('Action, Science Fiction, ')).toEqual(['Action', 'Science Fiction']);
    expect(genreList('')).toEqual([]);
    expect(yearOf('2010-07-15')).toBe('2010');
    expect(yearOf(null)).toBe('');
  });
});

describe('overview truncation', () => {
  it('leaves a short overview whole', () => {
    expect(truncateText('A heist in dreams.', 200)).toBe('A heist in dreams.');
  });

  it('cuts a long overview to the limit, at a word, with an ellipsis', () => {
    const overview = 'word '.repeat(60).trim();
    const cut = truncateText(overview, 200);
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut.endsWith('word…')).toBe(true);
  });
});
