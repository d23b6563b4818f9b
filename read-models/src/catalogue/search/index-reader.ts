/**
 * What the query process has read of one type's search index, kept until the index changes: the
 * vocabulary, decoded posting lists, the hidden titles. Redis stays the read model every replica
 * shares; this is a cache of it, keyed by where the index lives (generation and epoch) and by
 * `search:version`, the position of the last event that changed the type's titles. Views, which
 * move the catalogue's checkpoint all day, leave it alone.
 */
import type { Redis } from 'ioredis';
import { Vocabulary } from './vocabulary.js';
import { yearSet } from '../keys.js';
import { livePostings, NAME_POSTING_BYTES, OVERVIEW_POSTING_BYTES } from '../search-index.js';

/** Below this many ids a typed array's own sort is as quick as the radix sort's three passes. */
const RADIX_FROM = 512;

/**
 * The order that sorts `ids` (non-negative, below 2^31) ascending, ties by place: the places of
 * the ids, smallest id first. A posting list of a common word holds a few hundred thousand, read
 * in the order titles were indexed; a least-significant-digit radix sort (11, 11 and 9 bits, each
 * pass stable) orders them in three passes, several times quicker than a comparison sort. Few ids
 * are sorted as doubles (the id and its place in one, both exact), by the typed array's own sort.
 */
export function ascendingOrder(ids: Int32Array): Int32Array {
  const n = ids.length;
  if (n < RADIX_FROM) {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = ids[i]! * 2_097_152 + i;
    keys.sort();
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = keys[i]! % 2_097_152;
    return order;
  }
  let order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let spare = new Int32Array(n);
  const counts = new Int32Array(2048);
  for (const [shift, bits] of [
    [0, 11],
    [11, 11],
    [22, 9],
  ] as const) {
    const mask = (1 << bits) - 1;
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(ids[i]! >>> shift) & mask]!++;
    let sum = 0;
    for (let d = 0; d <= mask; d++) {
      const count = counts[d]!;
      counts[d] = sum;
      sum += count;
    }
    for (let i = 0; i < n; i++) {
      const place = order[i]!;
      spare[counts[(ids[place]! >>> shift) & mask]!++] = place;
    }
    [order, spare] = [spare, order];
  }
  return order;
}

/**
 * `ascendingOrder(ids)`, for ids whose places `run[0]` up to `run[1]` are ascending already (a
 * posting list, by id, among a few short ones): only the others are sorted, then the two merged,
 * ties by place as there.
 */
export function ascendingOrderAround(
  ids: Int32Array,
  [runStart, runEnd]: readonly [number, number],
): Int32Array {
  const n = ids.length;
  const others = new Int32Array(n - (runEnd - runStart));
  for (let i = 0, o = 0; i < n; i++) if (i < runStart || i >= runEnd) others[o++] = i;
  const sorted = ascendingOrder(others.map((i) => ids[i]!)).map((k) => others[k]!);
  const order = new Int32Array(n);
  let [r, s] = [runStart, 0];
  for (let k = 0; k < n; k++) {
    const fromRun =
      s >= sorted.length ||
      (r < runEnd && (ids[r]! < ids[sorted[s]!]! || (ids[r] === ids[sorted[s]!] && r < sorted[s]!)));
    order[k] = fromRun ? r++ : sorted[s++]!;
  }
  return order;
}

/** The live postings of a name word, column by column, by id. */
export interface NameList {
  readonly ids: Int32Array;
  readonly popularity: Float32Array;
  readonly key: Uint32Array;
  readonly position: Uint8Array;
  readonly span: Uint8Array;
  readonly length: Uint8Array;
  readonly lead: Uint8Array;
}

/** The live postings of an overview word, by id. */
export interface OverviewList {
  readonly ids: Int32Array;
  readonly popularity: Float32Array;
}

/** Where each live posting (of `size` bytes, its id first) of `list` starts, by ascending id. */
function livePostingsById(list: Buffer, size: number, dead: number): Int32Array {
  const unsorted = livePostings(list, size, dead);
  const ids = new Int32Array(unsorted.length);
  for (let i = 0; i < unsorted.length; i++) ids[i] = list.readUInt32LE(unsorted[i]!);
  return ascendingOrder(ids).map((i) => unsorted[i]!);
}

function decodeNames(list: Buffer | null, dead: number): NameList {
  const bytes = list ?? Buffer.alloc(0);
  const live = livePostingsById(bytes, NAME_POSTING_BYTES, dead);
  const n = live.length;
  const out = {
    ids: new Int32Array(n),
    popularity: new Float32Array(n),
    key: new Uint32Array(n),
    position: new Uint8Array(n),
    span: new Uint8Array(n),
    length: new Uint8Array(n),
    lead: new Uint8Array(n),
  };
  for (let i = 0; i < n; i++) {
    const at = live[i]!;
    out.ids[i] = bytes.readUInt32LE(at);
    out.popularity[i] = bytes.readFloatLE(at + 4);
    out.key[i] = bytes.readUInt32LE(at + 8);
    out.position[i] = bytes[at + 12]!;
    out.span[i] = bytes[at + 13]!;
    out.length[i] = bytes[at + 14]!;
    out.lead[i] = bytes[at + 15]!;
  }
  return out;
}

function decodeOverview(list: Buffer | null, dead: number): OverviewList {
  const bytes = list ?? Buffer.alloc(0);
  const live = livePostingsById(bytes, OVERVIEW_POSTING_BYTES, dead);
  const n = live.length;
  const out = { ids: new Int32Array(n), popularity: new Float32Array(n) };
  for (let i = 0; i < n; i++) {
    out.ids[i] = bytes.readUInt32LE(live[i]!);
    out.popularity[i] = bytes.readFloatLE(live[i]! + 4);
  }
  return out;
}

/** Bytes of decoded postings kept per index at most: the lists read least recently go first. */
const KEPT_BYTES = 96 * 1024 * 1024;

/** One type's search index in one generation and epoch, at one version. */
export class IndexSnapshot {
  private readonly lists = new Map<string, NameList | OverviewList>();
  private keptBytes = 0;
  private hiddenIds: Promise<ReadonlySet<number>> | null = null;

  constructor(
    private readonly redis: Redis,
    /** The type's key prefix in its epoch, ending in ':'. */
    readonly prefix: string,
    readonly version: string,
    readonly vocabulary: Vocabulary,
  ) {}

  /** The name lists of `words` and the overview lists of `overviewWords`, read in one round trip for those not kept. */
  async read(
    words: readonly string[],
    overviewWords: readonly string[],
  ): Promise<{ names: Map<string, NameList>; overviews: Map<string, OverviewList> }> {
    const wanted = [...new Set(words)].map((w) => `t:${w}`);
    const wantedOverview = [...new Set(overviewWords)].map((w) => `o:${w}`);
    const missing = [...wanted, ...wantedOverview].filter((name) => !this.lists.has(name));
    if (missing.length > 0) {
      const pipeline = this.redis.pipeline();
      pipeline.hmget(`${this.prefix}search:dead`, ...missing);
      for (const name of missing) pipeline.getBuffer(`${this.prefix}search:${name}`);
      const replies = (await pipeline.exec()) ?? [];
      for (const [error] of replies) if (error) throw error;
      const dead = replies[0]![1] as (string | null)[];
      missing.forEach((name, i) => {
        const bytes = replies[i + 1]![1] as Buffer | null;
        const list = name.startsWith('t:')
          ? decodeNames(bytes, Number(dead[i] ?? 0))
          : decodeOverview(bytes, Number(dead[i] ?? 0));
        this.keep(name, list, bytes?.length ?? 0);
      });
    }
    const names = new Map<string, NameList>();
    const overviews = new Map<string, OverviewList>();
    for (const name of wanted) names.set(name.slice(2), this.touch(name) as NameList);
    for (const name of wantedOverview) overviews.set(name.slice(2), this.touch(name) as OverviewList);
    return { names, overviews };
  }

  private keep(name: string, list: NameList | OverviewList, bytes: number) {
    this.lists.set(name, list);
    this.keptBytes += bytes;
    for (const [oldest] of this.lists) {
      if (this.keptBytes <= KEPT_BYTES || oldest === name) break;
      const dropped = this.lists.get(oldest)!;
      this.keptBytes -=
        dropped.ids.length * (oldest.startsWith('t:') ? NAME_POSTING_BYTES : OVERVIEW_POSTING_BYTES);
      this.lists.delete(oldest);
    }
  }

  private touch(name: string): NameList | OverviewList {
    const list = this.lists.get(name)!;
    // Map order is the order of last use: the least recently read list goes first.
    this.lists.delete(name);
    this.lists.set(name, list);
    return list;
  }

  /**
   * The ids of the type's visible titles of `year` (`yyyy`), as the listings' year filter has them.
   * Read each time, not kept: any year may be asked, and a search's answer is kept anyway.
   */
  async ofYear(year: string): Promise<ReadonlySet<number>> {
    return new Set((await this.redis.smembers(`${this.prefix}${yearSet(year)}`)).map(Number));
  }

  /** The ids of the type's hidden titles. */
  hidden(): Promise<ReadonlySet<number>> {
    this.hiddenIds ??= this.redis
      .smembers(`${this.prefix}hidden`)
      .then((ids) => new Set(ids.map(Number)))
      .catch((error: unknown) => {
        this.hiddenIds = null;
        throw error;
      });
    return this.hiddenIds;
  }
}

/**
 * The current snapshot of each type's index: one GET tells whether the one held is still it
 * (same prefix, same version); else the vocabulary is read again and the lists start empty. The
 * GET is asked on every search, not left to the catalogue's notices: a notice may reach this
 * process after the answer to the write it reports, and a visitor must never see a title an
 * admin has just hidden.
 */
export class IndexReader {
  /** Per type: the snapshot of where its index lives now (a replay or a replace moves it). */
  private readonly snapshots = new Map<string, Promise<IndexSnapshot>>();

  constructor(private readonly redis: Redis) {}

  async snapshot(type: string, prefix: string): Promise<IndexSnapshot> {
    const version = (await this.redis.get(`${prefix}search:version`)) ?? '';
    const held = this.snapshots.get(type);
    if (held) {
      const snapshot = await held.catch(() => null);
      if (snapshot && snapshot.prefix === prefix && snapshot.version === version) return snapshot;
    }
    const loading = this.redis
      .zrange(`${prefix}search:words`, 0, -1, 'WITHSCORES')
      .then((pairs) => new IndexSnapshot(this.redis, prefix, version, Vocabulary.fromPairs(pairs)));
    this.snapshots.set(type, loading);
    try {
      return await loading;
    } catch (error) {
      if (this.snapshots.get(type) === loading) this.snapshots.delete(type);
      throw error;
    }
  }
}
