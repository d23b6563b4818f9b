import { describe, expect, it } from 'vitest';
import { compareMembers } from './chunked-order.js';
import { radixOrder, textOrder } from './radix-order.js';

/** The order a sorted set gives: by score, then by the member's text. */
function asSortedSet(ids: readonly number[], scores: readonly number[]): number[] {
  return ids
    .map((_, i) => i)
    .sort((a, b) => compareMembers(scores[a]!, String(ids[a]), scores[b]!, String(ids[b])));
}

/** Members sorted by score from the ids' text order, as a build's end sorts an order. */
function byRadix(ids: readonly number[], scores: readonly number[]): number[] {
  return [...radixOrder(Float64Array.from(scores), textOrder(ids))];
}

let seed = 11;
const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x80000000;

describe('members ordered by their scores without a comparison', () => {
  it('orders as a sorted set does, ties by the ids’ text, over every kind of score', () => {
    const ids = Array.from({ length: 20_000 }, () => 1 + Math.floor(random() * 3_000_000));
    const unique = [...new Set(ids)];
    const kinds: Record<string, () => number> = {
      ratings: () => Math.round(random() * 100) / 10,
      popularity: () => random() * 1e4,
      years: () => 1900 + Math.floor(random() * 125),
      signed: () => (random() - 0.5) * 10 ** Math.floor(random() * 40 - 20),
      extremes: () =>
        [0, -0, Infinity, -Infinity, Number.MIN_VALUE, -Number.MAX_VALUE, 1, -1][Math.floor(random() * 8)]!,
    };
    for (const [kind, score] of Object.entries(kinds)) {
      const scores = unique.map(score);
      expect(byRadix(unique, scores), kind).toEqual(asSortedSet(unique, scores));
    }
  });

  it('puts an id before those it begins: 12 < 120 < 1200 < 123 < 13 < 2', () => {
    const ids = [13, 2, 1200, 123, 12, 120, 9_999_999_999, 1, 10];
    expect([...textOrder(ids)].map((i) => ids[i])).toEqual([1, 10, 12, 120, 1200, 123, 13, 2, 9_999_999_999]);
  });

  it('orders ids longer than ten digits by their text as well', () => {
    const ids = [123_456_789_012, 2, 123_456_789_01, 99];
    expect([...textOrder(ids)].map((i) => ids[i])).toEqual([12_345_678_901, 123_456_789_012, 2, 99]);
  });

  it('orders nothing and one member', () => {
    expect([...radixOrder(new Float64Array(0), new Uint32Array(0))]).toEqual([]);
    expect([...radixOrder(Float64Array.of(5), Uint32Array.of(0))]).toEqual([0]);
  });
});
