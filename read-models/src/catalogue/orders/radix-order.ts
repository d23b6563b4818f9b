/**
 * Members ordered by a number each, as a sorted set orders them, without a comparison function:
 * a build's end sorts each of the twelve orders of up to a million titles, and `Array.sort` with
 * a comparator took about a second and a half each (bench/README). Here each number becomes 64
 * bits that sort as it does, and the members are placed by those bits 16 at a time, from the
 * last 16 to the first (a least-significant-digit radix sort): four passes over the members, each
 * keeping the order of members whose 16 bits are equal, so members of equal numbers keep the
 * order they were given in.
 */

const DIGIT_BITS = 16;
const DIGITS = 1 << DIGIT_BITS;

/**
 * `members` (indexes into `numbers`) in ascending order of their number; members of equal numbers
 * in the order given. Every number must be a number (not NaN); -0 is 0.
 */
export function radixOrder(numbers: Float64Array, members: Uint32Array): Uint32Array {
  const count = members.length;
  // Each member's number as two 32-bit halves that compare, unsigned, as the number does: a
  // positive number's bits with the sign set, a negative one's bits all flipped.
  const high = new Uint32Array(count);
  const low = new Uint32Array(count);
  const cell = new Float64Array(1);
  const bits = new Uint32Array(cell.buffer);
  const [lowWord, highWord] = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? [0, 1] : [1, 0];
  for (let i = 0; i < count; i++) {
    const number = numbers[members[i]!]!;
    cell[0] = number === 0 ? 0 : number;
    const h = bits[highWord]!;
    const l = bits[lowWord]!;
    if (h >>> 31) {
      high[i] = ~h >>> 0;
      low[i] = ~l >>> 0;
    } else {
      high[i] = (h | 0x80000000) >>> 0;
      low[i] = l;
    }
  }
  // Positions into the arrays above, moved pass by pass; the members are looked up at the end.
  let order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  let next = new Uint32Array(count);
  const counts = new Uint32Array(DIGITS);
  for (const [words, shift] of [
    [low, 0],
    [low, DIGIT_BITS],
    [high, 0],
    [high, DIGIT_BITS],
  ] as const) {
    counts.fill(0);
    for (let i = 0; i < count; i++) counts[(words[i]! >>> shift) & (DIGITS - 1)]!++;
    // A pass where every member has the same 16 bits moves nothing (years, ratings: the low bits).
    if (counts[(words[0]! >>> shift) & (DIGITS - 1)] === count) continue;
    let start = 0;
    for (let digit = 0; digit < DIGITS; digit++) {
      const n = counts[digit]!;
      counts[digit] = start;
      start += n;
    }
    for (let i = 0; i < count; i++) {
      const position = order[i]!;
      next[counts[(words[position]! >>> shift) & (DIGITS - 1)]!++] = position;
    }
    [order, next] = [next, order];
  }
  const sorted = new Uint32Array(count);
  for (let i = 0; i < count; i++) sorted[i] = members[order[i]!]!;
  return sorted;
}

/** Ids of more digits than this are ordered by comparing them: their padded text is not exact. */
const TEXT_DIGITS = 10;

/**
 * `ids` (whole numbers, not negative) in the order of their decimal text, as a sorted set orders
 * members of one score (`compareMembers`): 12 < 120 < 123 < 13. Each id's text is read as the
 * number it would be with zeros after it to ten digits, then by its length: "12" is 1,200,000,000
 * and 2 digits, "120" the same and 3. Ids of more than ten digits are compared one pair at a time.
 */
export function textOrder(ids: readonly number[]): Uint32Array {
  const all = new Uint32Array(ids.length);
  for (let i = 0; i < all.length; i++) all[i] = i;
  const keys = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    const digits = digitsOf(id);
    if (digits > TEXT_DIGITS) return all.sort((a, b) => compareIdsAsText(ids[a]!, ids[b]!));
    keys[i] = id * 10 ** (TEXT_DIGITS - digits) * 16 + digits;
  }
  return radixOrder(keys, all);
}

function digitsOf(id: number): number {
  let digits = 1;
  for (let power = 10; power <= id; power *= 10) digits++;
  return digits;
}

/** Two ids in the order of their decimal text, without making the text. */
function compareIdsAsText(a: number, b: number): number {
  const digitsA = digitsOf(a);
  const digitsB = digitsOf(b);
  // The shorter with zeros after it, against the longer: equal only if it is a prefix of it.
  const scaledA = digitsA < digitsB ? a * 10 ** (digitsB - digitsA) : a;
  const scaledB = digitsB < digitsA ? b * 10 ** (digitsA - digitsB) : b;
  return scaledA - scaledB || digitsA - digitsB;
}
