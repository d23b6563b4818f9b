import { describe, expect, it } from 'vitest';
import { ascendingOrder, ascendingOrderAround } from './index-reader.js';
import { mostPopular, Ranked } from './searcher.js';

/**
 * Numbers in [0, 1) that look random enough to mix the cases and are the same every run: the
 * fractional parts of a Weyl sequence of the golden ratio, from `seed`.
 */
function scrambled(seed: number): () => number {
  let n = seed * 7_919;
  return () => (++n * 0.618_033_988_749_895) % 1;
}

/**
 * Titles found, by ascending id: a few tiers (one of them most of the titles, as a common word's
 * overview matches are), popularities with many ties (rounded, many zero).
 */
function found(n: number, seed: number) {
  const next = scrambled(seed);
  const ids = new Int32Array(n);
  const tiers = new Int32Array(n);
  const popularity = new Float32Array(n);
  let id = 0;
  for (let i = 0; i < n; i++) {
    id += 1 + Math.floor(next() * 5);
    ids[i] = id;
    tiers[i] = next() < 0.7 ? 1 << 20 : [-(1 << 22) + 3, 0, 7, 41][Math.floor(next() * 4)]!;
    popularity[i] = next() < 0.3 ? 0 : Math.round(next() * 50) / 2;
  }
  return { ids, tiers, popularity };
}

/** The order the issue of search asks for, by a comparator: tier, popularity (highest first), id. */
function byComparator({ ids, tiers, popularity }: ReturnType<typeof found>): number[] {
  return [...ids.keys()]
    .sort((a, b) => tiers[a]! - tiers[b]! || popularity[b]! - popularity[a]! || ids[a]! - ids[b]!)
    .map((i) => ids[i]!);
}

describe('the titles of a search, ordered as far as they are read', () => {
  it('gives the order of a full sort however it is read: a page, pages further on, blocks, all', () => {
    for (const [n, seed] of [
      [0, 1],
      [1, 2],
      [20, 3],
      [5_000, 4],
      [60_000, 5],
    ] as const) {
      const titles = found(n, seed);
      const expected = byComparator(titles);
      const ranked = () => new Ranked(titles);

      expect([...ranked().subarray(0)]).toEqual(expected);
      const paged = ranked();
      expect(paged.length).toBe(n);
      expect([...paged.subarray(0, 20)]).toEqual(expected.slice(0, 20));
      expect([...paged.subarray(40, 60)]).toEqual(expected.slice(40, 60));
      expect([...paged.subarray(2_500, 2_520)]).toEqual(expected.slice(2_500, 2_520));
      expect([...paged.subarray(n - 20)]).toEqual(expected.slice(n - 20));
      // As a search within a genre reads it: a thousand at a time, from the start.
      const inBlocks = ranked();
      const blocks: number[] = [];
      for (let from = 0; from < n; from += 1000) blocks.push(...inBlocks.subarray(from, from + 1000));
      expect(blocks).toEqual(expected);
      expect([...ranked().subarray(0, n + 10)]).toEqual(expected);
    }
  });

  it('keeps the ids found, ascending, for the set a search combined with a filter is made of', () => {
    const titles = found(3_000, 6);
    expect(new Ranked(titles).ids).toEqual(titles.ids);
  });

  it('says what it holds, for the searches kept: 16 bytes a title found', () => {
    const titles = found(3_000, 9);
    const ranked = new Ranked(titles);
    expect(ranked.bytes).toBe(16 * 3_000);
    ranked.subarray(0);
    expect(ranked.bytes).toBe(16 * 3_000);
  });
});

describe('the order that sorts ids', () => {
  it('is by id, ties by place, for few ids and for many, up to the largest', () => {
    const next = scrambled(8);
    for (const n of [0, 1, 511, 512, 5_000, 100_000]) {
      const ids = Int32Array.from({ length: n }, () =>
        next() < 0.5 ? Math.floor(next() * 1000) : Math.floor(next() * 2 ** 31),
      );
      if (n > 0) ids[n - 1] = 2 ** 31 - 1;
      const expected = [...ids.keys()].sort((a, b) => ids[a]! - ids[b]! || a - b);
      expect([...ascendingOrder(ids)]).toEqual(expected);
    }
  });
});

describe('the order that sorts ids around a run in order already', () => {
  it('is the order of a full sort, ties by place, wherever the run is', () => {
    const next = scrambled(7);
    for (let round = 0; round < 50; round++) {
      const n = 1 + Math.floor(next() * (round % 2 === 0 ? 400 : 3_000));
      const ids = Int32Array.from({ length: n }, () => Math.floor(next() * 300));
      const runStart = Math.floor(next() * n);
      const runEnd = runStart + Math.floor(next() * (n - runStart + 1));
      ids.subarray(runStart, runEnd).sort();
      expect([...ascendingOrderAround(ids, [runStart, runEnd])]).toEqual([...ascendingOrder(ids)]);
    }
  });
});

describe("a list's most popular postings, for suggestions", () => {
  it('are the highest popularities first, ties by place, however many there are', () => {
    const next = scrambled(10);
    for (const [n, count] of [
      [0, 300],
      [5, 300],
      [300, 300],
      [301, 300],
      [50_000, 300],
      [50_000, 1],
    ] as const) {
      const popularity = Float32Array.from({ length: n }, () =>
        next() < 0.4 ? 0 : Math.round(next() * 80) / 4,
      );
      const expected = [...popularity.keys()]
        .sort((a, b) => popularity[b]! - popularity[a]! || a - b)
        .slice(0, count);
      expect([...mostPopular(popularity, count)]).toEqual(expected);
    }
  });
});
