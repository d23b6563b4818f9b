import { MAX_SEARCH_WORDS, typoBudget, unknownWordTypoBudget } from '../search-index.js';
/**
 * The words of the catalogue's title names (the read model's `search:words`, with how many titles
 * have each), held sorted in the query process: what a typed word may stand for is found here,
 * without a round trip, before any posting is read.
 */

/** A word of the vocabulary a typed word stands for. */
export interface Expansion {
  readonly word: string;
  /** Edits between the typed word and the word (or the start of it, for a completion). */
  readonly typos: number;
  /** Found as the start of the word, not the whole of it (the last word typed). */
  readonly completion: boolean;
}

/**
 * Whether a split may have `part` as a word: not a one-letter word but a figure or "a" and "i".
 * Other letters are more often what is left of a misspelt word ("avourite" is not "a v our ite")
 * than a word of the name.
 */
const splitPart = (part: string): boolean => part.length > 1 || /^[0-9ai]$/.test(part);

/** A word typed without its spaces as words of names, and how common those are together. */
interface Split {
  readonly parts: string[];
  readonly commonness: number;
}

/** How many completions of a last word are searched at most: the commonest. */
export const MAX_COMPLETIONS = 100;
/** How many near words (typos) of one word are searched at most: the closest, then the commonest. */
export const MAX_NEAR_WORDS = 30;

export class Vocabulary {
  private readonly index = new Map<string, number>();
  /** The length of the longest word: no part of a split is longer. */
  private readonly longest: number;

  /** `words` sorted by code unit, `counts[i]` the titles having `words[i]`. */
  constructor(
    readonly words: readonly string[],
    readonly counts: Int32Array,
  ) {
    words.forEach((word, i) => this.index.set(word, i));
    this.longest = words.reduce((most, word) => Math.max(most, word.length), 0);
  }

  /** From ZRANGE … WITHSCORES: word, count, word, count… in any order. */
  static fromPairs(pairs: readonly string[]): Vocabulary {
    const entries: [string, number][] = [];
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      const n = Number(pairs[i + 1]);
      if (n > 0) entries.push([pairs[i]!, n]);
    }
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return new Vocabulary(
      entries.map(([w]) => w),
      Int32Array.from(entries, ([, n]) => n),
    );
  }

  has(word: string): boolean {
    return this.index.has(word);
  }

  count(word: string): number {
    const i = this.index.get(word);
    return i === undefined ? 0 : this.counts[i]!;
  }

  /** Whether some word starts with `prefix` (or is it). */
  starts(prefix: string): boolean {
    return this.words[this.lowerBound(prefix)]?.startsWith(prefix) ?? false;
  }

  /**
   * A word typed without its spaces, as the words of names it is made of ("lalaland": la la
   * land, "blackadam", "jaws2", "lordoftherings": lord of the rings), in as few of them as it
   * can be, up to a search's number of words; of splits in as many, the one whose words the most
   * names have ("goblet of fire", not "goblet off ire"). The last may be the start of a word when
   * `last`. Null when it is a word, or no split exists.
   */
  split(typed: string, last: boolean): string[] | null {
    if (this.has(typed) || typed.length < 3) return null;
    const n = typed.length;
    /** How common a part is: the log of the names having it (a started word counts as one). */
    const commonness = (part: string) => Math.log(Math.max(1, this.count(part)));
    /** The best split of `typed` from each place to its end (null: none), found from the end. */
    const best: (Split | null)[] = new Array<Split | null>(n + 1).fill(null);
    const better = (parts: number, score: number, than: Split | null) =>
      !than || parts < than.parts.length || (parts === than.parts.length && score > than.commonness);
    for (let from = n - 1; from >= 0; from--) {
      const rest = typed.slice(from);
      if (from > 0 && splitPart(rest) && (this.has(rest) || (last && this.starts(rest))))
        best[from] = { parts: [rest], commonness: commonness(rest) };
      for (let to = from + 1; to < Math.min(n, from + this.longest + 1); to++) {
        const tail = best[to];
        if (!tail || tail.parts.length >= MAX_SEARCH_WORDS) continue;
        const head = typed.slice(from, to);
        if (!splitPart(head) || !this.has(head)) continue;
        const score = commonness(head) + tail.commonness;
        if (better(tail.parts.length + 1, score, best[from] ?? null))
          best[from] = { parts: [head, ...tail.parts], commonness: score };
      }
    }
    const found = best[0]?.parts;
    return found && found.length >= 2 ? found : null;
  }

  /** Index of the first word not below `word`. */
  private lowerBound(word: string): number {
    let [lo, hi] = [0, this.words.length];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.words[mid]! < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * What `typed` may stand for: itself, words within its typo budget, and when it is the last
   * word typed, the words it starts (within the budget too: "interstel", "intersel"). Each word
   * once, with its fewest edits. `knownElsewhere`: the word exists outside the names (in an
   * overview), so it is not a misspelling of a short word.
   */
  expand(
    typed: string,
    last: boolean,
    maxCompletions = MAX_COMPLETIONS,
    knownElsewhere = false,
  ): Expansion[] {
    const known = knownElsewhere || this.has(typed);
    const budget = known ? typoBudget(typed.length) : unknownWordTypoBudget(typed.length);
    const found = new Map<string, Expansion>();
    const keep = (e: Expansion) => {
      const had = found.get(e.word);
      if (!had || e.typos < had.typos || (e.typos === had.typos && had.completion && !e.completion))
        found.set(e.word, e);
    };
    if (this.has(typed)) keep({ word: typed, typos: 0, completion: false });
    if (last) {
      const completions: Expansion[] = [];
      for (let i = this.lowerBound(typed); i < this.words.length && this.words[i]!.startsWith(typed); i++) {
        if (this.words[i] !== typed) completions.push({ word: this.words[i]!, typos: 0, completion: true });
      }
      for (const e of this.commonest(completions, maxCompletions)) keep(e);
    }
    if (budget > 0) {
      const near = this.near(typed, budget, last).filter((e) => e.typos > 0);
      near.sort((a, b) => a.typos - b.typos || Number(a.completion) - Number(b.completion));
      const closest = near.filter((e) => e.typos === near[0]?.typos);
      const rest = near.filter((e) => e.typos !== near[0]?.typos);
      for (const e of [
        ...this.commonest(closest, MAX_NEAR_WORDS),
        ...this.commonest(rest, MAX_NEAR_WORDS - Math.min(closest.length, MAX_NEAR_WORDS)),
      ])
        keep(e);
    }
    return [...found.values()];
  }

  private commonest(expansions: Expansion[], limit: number): Expansion[] {
    if (expansions.length <= limit) return expansions;
    return [...expansions]
      .sort((a, b) => this.count(b.word) - this.count(a.word) || (a.word < b.word ? -1 : 1))
      .slice(0, Math.max(0, limit));
  }

  /**
   * Words within `budget` edits of `typed` (insertions, deletions, substitutions, swaps of two
   * neighbours), and with `completions` words whose start is: one pass over the sorted words,
   * each word's rows of the edit table reused from the word before as far as they share a start,
   * and every word under a start already too far skipped at once.
   */
  private near(typed: string, budget: number, completions: boolean): Expansion[] {
    const n = typed.length;
    const maxDepth = n + budget;
    const width = n + 1;
    const rows = new Int32Array((maxDepth + 1) * width);
    for (let j = 0; j <= n; j++) rows[j] = j;
    /** The least distance from `typed` to a start of the word so far, at each depth. */
    const bestStart = new Int32Array(maxDepth + 1).fill(1 << 20);
    bestStart[0] = n;
    const out: Expansion[] = [];
    let previous = '';
    let i = 0;
    while (i < this.words.length) {
      const word = this.words[i]!;
      let shared = 0;
      const limit = Math.min(previous.length, word.length, maxDepth);
      while (shared < limit && previous.charCodeAt(shared) === word.charCodeAt(shared)) shared++;
      let depth = shared;
      let pruned = -1;
      for (; depth < Math.min(word.length, maxDepth); depth++) {
        const c = word.charCodeAt(depth);
        const row = (depth + 1) * width;
        const above = depth * width;
        rows[row] = depth + 1;
        let least = rows[row]!;
        for (let j = 1; j <= n; j++) {
          const cost = typed.charCodeAt(j - 1) === c ? 0 : 1;
          let v = Math.min(rows[above + j]! + 1, rows[row + j - 1]! + 1, rows[above + j - 1]! + cost);
          if (
            depth > 0 &&
            j > 1 &&
            c === typed.charCodeAt(j - 2) &&
            word.charCodeAt(depth - 1) === typed.charCodeAt(j - 1)
          ) {
            v = Math.min(v, rows[(depth - 1) * width + j - 2]! + 1);
          }
          rows[row + j] = v;
          if (v < least) least = v;
        }
        bestStart[depth + 1] = Math.min(bestStart[depth]!, rows[row + n]!);
        if (least > budget) {
          pruned = depth + 1;
          break;
        }
      }
      if (pruned > 0) {
        // No word starting with these letters can come within the budget: skip them all.
        const start = word.slice(0, pruned);
        let next = i + 1;
        while (next < this.words.length && this.words[next]!.startsWith(start)) next++;
        previous = start;
        i = next;
        // Rows up to `pruned` hold `start`; the word after shares at most that much with it.
        continue;
      }
      if (word.length <= maxDepth) {
        const whole = rows[word.length * width + n]!;
        if (whole <= budget) out.push({ word, typos: whole, completion: false });
        else if (completions && bestStart[word.length]! <= budget)
          out.push({ word, typos: bestStart[word.length]!, completion: true });
      } else if (completions && bestStart[maxDepth]! <= budget) {
        out.push({ word, typos: bestStart[maxDepth]!, completion: true });
      }
      previous = word.length > maxDepth ? word.slice(0, maxDepth) : word;
      i++;
    }
    return out;
  }
}
