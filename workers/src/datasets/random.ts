/**
 * A small seeded PRNG (mulberry32) and the distributions the generator draws from. Everything a
 * generated file contains comes from here, so one seed always gives the same bytes.
 */

// Distinct streams (ids, rows) are split off one seed so that changing how rows are drawn never
// reshuffles the ids, and the other way round.
function mix(seed: number, stream: number): number {
  let h = (seed ^ Math.imul(stream + 1, 0x9e3779b9)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number, stream = 0) {
    this.state = mix(seed >>> 0, stream);
  }

  /** A uniform 32-bit unsigned integer. */
  uint32(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)]!;
  }

  /** Standard normal (Box–Muller); one draw is thrown away, which costs less than caching it. */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.float();
    const v = this.float();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Pareto with minimum 1: most draws near 1, a few enormous, like vote counts and popularity. */
  pareto(alpha: number): number {
    return (1 - this.float()) ** (-1 / alpha);
  }

  /** How many successes before a failure, capped: list lengths that are mostly short. */
  geometric(pContinue: number, max: number): number {
    let n = 0;
    while (n < max && this.float() < pContinue) n++;
    return n;
  }

  /** Picks from a table of [value, weight] pairs. */
  weighted<T>(table: WeightedTable<T>): T {
    let r = this.float() * table.total;
    for (const [value, weight] of table.entries) {
      r -= weight;
      if (r < 0) return value;
    }
    return table.entries[table.entries.length - 1]![0];
  }
}

export interface WeightedTable<T> {
  readonly entries: readonly (readonly [T, number])[];
  readonly total: number;
}

export function weightedTable<T>(entries: readonly (readonly [T, number])[]): WeightedTable<T> {
  return { entries, total: entries.reduce((sum, [, w]) => sum + w, 0) };
}

/**
 * A bag of values drawn mostly in proportion to how often they occurred in the sample, sometimes
 * uniformly over the distinct values: the sample is the most-voted top of the catalogue, so its
 * frequencies are too concentrated for the long tail (94% English there).
 */
export class Pool {
  private readonly bag: readonly string[];
  readonly distinct: readonly string[];

  /** `universe` widens the uniform share beyond the values that occurred, e.g. to every language. */
  constructor(
    occurrences: readonly string[],
    private readonly uniformShare = 0.2,
    universe: readonly string[] = [],
  ) {
    if (occurrences.length === 0) throw new Error('a pool needs at least one value');
    this.bag = occurrences;
    this.distinct = [...new Set([...occurrences, ...universe])];
  }

  draw(rng: Rng): string {
    return rng.chance(this.uniformShare) ? rng.pick(this.distinct) : rng.pick(this.bag);
  }

  /** Up to `n` different values, in draw order. */
  drawDistinct(rng: Rng, n: number): string[] {
    const out: string[] = [];
    for (let tries = 0; out.length < n && tries < n * 4; tries++) {
      const value = this.draw(rng);
      if (!out.includes(value)) out.push(value);
    }
    return out;
  }
}

/**
 * `count` different integers in [1, range], in a shuffled order. Selection sampling yields them
 * in increasing order with random gaps, as TMDB hands out ids over time; the shuffle then mimics
 * the real file, which is ordered by vote count, not by id.
 */
export function uniqueIds(count: number, range: number, rng: Rng): Int32Array {
  const span = Math.max(range, count);
  const ids = new Int32Array(count);
  let chosen = 0;
  for (let candidate = 1; candidate <= span && chosen < count; candidate++) {
    const left = span - candidate + 1;
    if (rng.float() * left < count - chosen) ids[chosen++] = candidate;
  }
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(rng.float() * (i + 1));
    const t = ids[i]!;
    ids[i] = ids[j]!;
    ids[j] = t;
  }
  return ids;
}
