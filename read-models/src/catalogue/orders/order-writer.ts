/**
 * Writes a batch's new scores into the stored scores and the chunked orders, as plain commands in
 * the batch's transaction: the projector routes each title to its chunk itself.
 *
 * Done inside Redis, as Lua, finding a title's chunk took a `ZRANGE … BYLEX` per order, and each
 * of the script's sixteen-odd calls per title converted its arguments and reply: an import's
 * script held Redis about 120 ms per batch of 2,000 titles. Here the projector keeps each order's
 * directory (its chunks' heads and sizes: about 11,000 entries an order at a million titles) and
 * finds a chunk by binary search. What is left for Redis is a `ZREM`/`ZADD` per chunk touched.
 *
 * A chunk that would reach CAPACITY, lose its head, take a member before its head, or fall under a
 * quarter full is written again whole with its neighbours in the batch (a run of consecutive
 * chunks): their members are read first, then laid out again as chunks of about three quarters.
 * A title appended at an order's end (the `created` order of an import) therefore fills chunks
 * in one write, without splitting them as it goes.
 *
 * The directories are a copy of what Redis holds, kept right by a token: every batch that writes
 * orders sets `{type prefix}orders:token` to a new value and remembers it. A batch that finds
 * another value there (the transaction failed, another process wrote, the model was restored)
 * reads the directories again before it routes anything. The token is a hash of the one before
 * and of the scores the batch changes, so a history of batches builds the same keys whoever
 * applies it.
 *
 * A batch's updates are folded first: each title's scores before the batch (read from the stored
 * scores) and after it. So a title changed twice in a batch moves once, and applying the same
 * updates again changes nothing.
 */
import { createHash, type Hash } from 'node:crypto';
import { scanKeys } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { CATALOGUE_SORTS, type CatalogueSortKey } from '../keys.js';
import { RespWriter } from '../../runtime/resp-writer.js';
import { RespConnection } from '../../runtime/resp-connection.js';
import { EXEC, MULTI, RecordedTransaction, type Transaction } from '../../runtime/transaction.js';
import {
  CAPACITY,
  chunkKey,
  compareMembers,
  directoryEntry,
  orderCountKey,
  readDirectoryEntry,
} from './chunked-order.js';
import { radixOrder, textOrder } from './radix-order.js';
import {
  orderKey,
  ORDERS_PATTERN,
  readStoredScores,
  SCORE_BYTES,
  SCORES_PATTERN,
  scoresKey,
  type ScoreUpdates,
} from './title-orders.js';

const ORDERS = CATALOGUE_SORTS.length;
/** Members a chunk written again is given, at most: room to grow before it is full. */
const FILL = (CAPACITY * 3) / 4;
const QUARTER = CAPACITY / 4;
const TOKEN = 'orders:token';

/** A title's scores in each order (NaN: not in it), or null when it is in none. */
type Scores = Float64Array | null;

/** An order's chunks as Redis holds them: each head's score and id, and each chunk's size, in order. */
class Directory {
  readonly scores: number[] = [];
  readonly ids: string[] = [];
  readonly sizes: number[] = [];

  /** The chunk that holds (or would hold) the member: the last whose head is not after it; -1 before all. */
  locate(score: number, id: string): number {
    let low = 0;
    let high = this.ids.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (compareMembers(this.scores[middle]!, this.ids[middle]!, score, id) <= 0) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  }
}

/** What a batch does to one chunk (index -1: an empty order's first members). */
interface ChunkChanges {
  readonly removes: Set<string>;
  readonly adds: [score: number, id: string][];
}

/** The directories of one type's orders in one epoch, and the token they were read or written at. */
interface Mirror {
  readonly prefix: string;
  token: string | null;
  readonly directories: Map<CatalogueSortKey, Directory>;
}

/** Updates to the orders of the type whose keys start with `prefix`. */
export interface OrderUpdates {
  readonly prefix: string;
  readonly updates: ScoreUpdates;
}

/** The prefix less its epoch, under which a type's mirror is kept (see `OrderWriter.mirrors`). */
const mirroredAs = (prefix: string): string => prefix.replace(/e\d+:$/, '');

const sameScore = (a: number, b: number) => a === b || (Number.isNaN(a) && Number.isNaN(b));

export class OrderWriter {
  /**
   * By type prefix less its epoch (`{catalogue}:g1:movie:`): a projector writes one type's
   * current epoch, and an older one only until its batch moves on.
   */
  private readonly mirrors = new Map<string, Mirror>();

  /**
   * Queues in `tx` what `batches` change (each type prefix's updates, in the order they were
   * made), after reading the scores they replace and the chunks that are written again. With
   * `scoresOnly` (a generation being built), only the scores: `writeWhole` writes the orders.
   * `absent` names, by type prefix, titles the caller knows had no scores there before the batch
   * (the catalogue did not hold them): theirs are not read.
   */
  async write(
    redis: Redis,
    tx: Transaction,
    batches: readonly OrderUpdates[],
    {
      scoresOnly = false,
      absent = new Map(),
    }: { scoresOnly?: boolean; absent?: ReadonlyMap<string, ReadonlySet<number>> } = {},
  ): Promise<void> {
    const byPrefix = new Map<string, ScoreUpdates[]>();
    for (const { prefix, updates } of batches) {
      if (updates.size === 0) continue;
      const list = byPrefix.get(prefix);
      if (list) list.push(updates);
      else byPrefix.set(prefix, [updates]);
    }
    if (byPrefix.size === 0) return;

    // What the titles' scores were, and whether each copy of the directories is still right.
    const prefixes = [...byPrefix.keys()];
    const ids = prefixes.map((prefix) => {
      const set = new Set<number>();
      for (const updates of byPrefix.get(prefix)!) updates.forEach((id) => set.add(id));
      return [...set];
    });
    const read = prefixes.map((prefix, i) => {
      const none = absent.get(prefix);
      return none ? ids[i]!.filter((id) => !none.has(id)) : ids[i]!;
    });
    const [tokens, stored] = await Promise.all([
      redis.mget(...prefixes.map((prefix) => `${prefix}${TOKEN}`)),
      Promise.all(prefixes.map((prefix, i) => readStoredScores(redis, prefix, read[i]!))),
    ]);
    const out = new RespWriter();
    for (const [i, prefix] of prefixes.entries()) {
      const token = tokens[i] ?? null;
      const before = new Map<number, Scores>();
      for (const id of ids[i]!) before.set(id, null);
      read[i]!.forEach((id, j) => before.set(id, stored[i]![j] ? scoresOf(stored[i]![j]!) : null));
      const after = fold(before, byPrefix.get(prefix)!);
      // The next token: a hash of this one and of the scores the batch changes.
      const next = createHash('sha1').update(token ?? '');
      writeScores(out, prefix, before, after, next);
      if (scoresOnly) continue;
      const type = mirroredAs(prefix);
      let mirror = this.mirrors.get(type);
      if (!mirror || mirror.prefix !== prefix || mirror.token !== token) {
        mirror = await readMirror(redis, prefix, token);
        this.mirrors.set(type, mirror);
      }
      await writeOrders(redis, out, prefix, mirror, before, after);
      mirror.token = next.digest('hex').slice(0, 16);
      out.command('SET', [`${prefix}${TOKEN}`, mirror.token]);
    }
    const { commands, count } = out.done();
    tx.raw(commands, count);
  }

  /**
   * Writes every order under `prefix` (a type's epoch) again from the titles' stored scores,
   * each chunk once, in order, after dropping whatever the orders held: a build's end
   * (`completeBuild`), after batches that wrote the scores alone. Not atomic (a generation that
   * does not serve yet reads nothing), and the same orders whatever it finds.
   */
  async writeWhole(redis: Redis, prefix: string): Promise<void> {
    // Every title's scores, bucket by bucket: ids and scores as numbers, not a string each.
    const ids: number[] = [];
    const scores: number[][] = CATALOGUE_SORTS.map(() => []);
    const buckets: string[] = [];
    for await (const keys of scanKeys(redis, `${prefix}${SCORES_PATTERN}`, 2000)) buckets.push(...keys);
    for (let i = 0; i < buckets.length; i += WHOLE_ROUND) {
      const reading = redis.pipeline();
      for (const bucket of buckets.slice(i, i + WHOLE_ROUND)) reading.hgetallBuffer(bucket);
      for (const fields of (await settled(reading)) as Record<string, Buffer>[])
        for (const [id, stored] of Object.entries(fields)) {
          ids.push(Number(id));
          for (let o = 0; o < ORDERS; o++) scores[o]!.push(stored.readDoubleLE(8 * o));
        }
    }
    // What the orders held: their directories, chunks and counts.
    for await (const keys of scanKeys(redis, `${prefix}${ORDERS_PATTERN}`, 2000)) await redis.unlink(...keys);

    // Each write is sent while the next is laid out (and the next order sorted): Redis takes in
    // one while this thread makes the other, instead of each waiting on the other in turn.
    const sender = new Sender(RespConnection.like(redis, prefix));
    // Members of one score are in the order of their ids' text: each order is sorted by score
    // from the titles in that order, keeping it among equal scores.
    const byText = textOrder(ids);
    for (const [o, order] of CATALOGUE_SORTS.entries()) {
      const key = `${prefix}${orderKey(order)}`;
      const score = Float64Array.from(scores[o]!);
      const members = radixOrder(
        score,
        byText.filter((i) => !Number.isNaN(score[i]!)),
      );
      let out = new RespWriter();
      const bounds = pieceBounds(members.length);
      for (let piece = 0; piece < bounds.length - 1; piece++) {
        const start = bounds[piece]!;
        const first = members[start]!;
        const head = String(ids[first]);
        const flat = lastFirst(
          bounds[piece + 1]! - start,
          (i) => score[members[start + i]!]!,
          (i) => ids[members[start + i]!]!,
        );
        out.command('ZADD', [chunkKey(key, head), ...flat]);
        out.command('ZADD', [key, 0, directoryEntry(score[first]!, head)]);
        if (out.size >= WHOLE_BYTES) {
          await sender.send(out);
          out = new RespWriter();
        }
      }
      if (members.length > 0) out.command('SET', [orderCountKey(key), members.length]);
      await sender.send(out);
    }
    await sender.settled();
    // A new token: directories mirrored before are read again at their next write.
    this.mirrors.delete(mirroredAs(prefix));
    const token = await redis.get(`${prefix}${TOKEN}`);
    await redis.set(
      `${prefix}${TOKEN}`,
      createHash('sha1').update(`${token}:whole`).digest('hex').slice(0, 16),
    );
  }
}

/** Commands per round, and bytes per write, of `writeWhole`. */
const WHOLE_ROUND = 500;
const WHOLE_BYTES = 4 * 1024 * 1024;

/**
 * Sends RESP writes one after the other on one connection, with one write at most waiting for its
 * replies while the caller makes the next: `send` returns once the write before this one is
 * answered, and throws the first error Redis answered (or the connection's failure).
 */
class Sender {
  private inFlight: Promise<void> = Promise.resolve();

  constructor(private readonly connection: RespConnection) {}

  async send(out: RespWriter): Promise<void> {
    const { commands, count } = out.done();
    if (count === 0) return;
    const previous = this.inFlight;
    const sent = this.connection.send(commands, count).then((replies) => {
      for (const reply of replies) if (reply instanceof Error) throw reply;
    });
    // Seen by `settled` or the next `send`; until then a failure must not count as unhandled.
    sent.catch(() => undefined);
    this.inFlight = sent;
    await previous;
  }

  /** Resolves once every write is answered. */
  settled(): Promise<void> {
    return this.inFlight;
  }
}

/**
 * A chunk's `count` members (each's score and id by its index in the chunk's order) as `ZADD`
 * arguments, the last first. Redis adds a listpack's members one by one, each after a walk from
 * the head to its place: given in order, each walks the whole chunk, comparing scores; given last
 * first, each goes in at the head. Redis then spent a quarter of the CPU on the same chunks
 * (bench/README). The chunk is the same either way. The one place the order of a chunk's members
 * is decided: `writeWhole` and `writeRun` both write through it.
 */
function lastFirst(
  count: number,
  scoreOf: (index: number) => number,
  idOf: (index: number) => number | string,
): (number | string)[] {
  const flat: (number | string)[] = [];
  for (let i = count - 1; i >= 0; i--) flat.push(scoreOf(i), idOf(i));
  return flat;
}

/**
 * Where `length` members laid out again are cut into chunks: as few as hold them at FILL each at
 * most, as even as can be (the first index of each, then `length`).
 */
function pieceBounds(length: number): number[] {
  const pieces = Math.ceil(length / FILL);
  const bounds = [0];
  for (let piece = 0; piece < pieces; piece++) bounds.push(Math.round(((piece + 1) * length) / pieces));
  return bounds;
}

function scoresOf(stored: Buffer): Float64Array {
  const scores = new Float64Array(ORDERS);
  for (let i = 0; i < ORDERS; i++) scores[i] = stored.readDoubleLE(8 * i);
  return scores;
}

async function settled(pipeline: ReturnType<Redis['pipeline']>): Promise<unknown[]> {
  return ((await pipeline.exec()) ?? []).map(([error, value]) => {
    if (error) throw error;
    return value;
  });
}

/** Reads an epoch's directories whole, and each chunk's size. */
async function readMirror(redis: Redis, prefix: string, token: string | null): Promise<Mirror> {
  const heads = await settled(
    CATALOGUE_SORTS.reduce(
      (pipeline, order) => pipeline.zrangeBuffer(`${prefix}${orderKey(order)}`, 0, -1),
      redis.pipeline(),
    ),
  );
  const directories = new Map<CatalogueSortKey, Directory>();
  const sizing = redis.pipeline();
  CATALOGUE_SORTS.forEach((order, i) => {
    const directory = new Directory();
    for (const entry of heads[i] as Buffer[]) {
      const { score, id } = readDirectoryEntry(entry);
      directory.scores.push(score);
      directory.ids.push(id);
      sizing.zcard(chunkKey(`${prefix}${orderKey(order)}`, id));
    }
    directories.set(order, directory);
  });
  const sizes = (await settled(sizing)) as number[];
  let at = 0;
  for (const order of CATALOGUE_SORTS) {
    const directory = directories.get(order)!;
    for (let i = 0; i < directory.ids.length; i++) directory.sizes.push(sizes[at++]!);
  }
  return { prefix, token, directories };
}

/** Each title's scores after the updates, applied in turn on what it had before. */
function fold(before: ReadonlyMap<number, Scores>, updates: readonly ScoreUpdates[]): Map<number, Scores> {
  const after = new Map<number, Scores>(before);
  for (const batch of updates)
    batch.forEach((id, sets, onlyIfPresent, score) => {
      const current = after.get(id) ?? null;
      // Views of a title the catalogue does not hold (deleted, or never imported) change nothing.
      if (onlyIfPresent && current === null) return;
      const next = current ? Float64Array.from(current) : new Float64Array(ORDERS).fill(Number.NaN);
      for (let i = 0; i < ORDERS; i++) if (sets(i)) next[i] = score(i);
      after.set(id, next.some((s) => !Number.isNaN(s)) ? next : null);
    });
  return after;
}

/** Stores each changed title's scores (drops them when it is in no order any more), and hashes them. */
function writeScores(
  out: RespWriter,
  prefix: string,
  before: ReadonlyMap<number, Scores>,
  after: ReadonlyMap<number, Scores>,
  hash: Hash,
): void {
  const sets = new Map<string, (string | Buffer)[]>();
  const drops = new Map<string, string[]>();
  for (const [id, now] of after) {
    const was = before.get(id) ?? null;
    if (was && now && now.every((s, i) => sameScore(s, was[i]!))) continue;
    const bucket = `${prefix}${scoresKey(id)}`;
    if (now) {
      const fields = sets.get(bucket) ?? [];
      const stored = Buffer.allocUnsafe(SCORE_BYTES);
      now.forEach((score, i) => stored.writeDoubleLE(score, 8 * i));
      fields.push(String(id), stored);
      hash.update(`${id}:`).update(stored);
      sets.set(bucket, fields);
    } else if (was) {
      const fields = drops.get(bucket) ?? [];
      fields.push(String(id));
      hash.update(`${id}-`);
      drops.set(bucket, fields);
    }
  }
  for (const [bucket, fields] of drops) out.command('HDEL', [bucket, ...fields]);
  for (const [bucket, fields] of sets) out.command('HSET', [bucket, ...fields]);
}

/** Moves each title whose score changed in an order out of its old chunk and into its new one. */
async function writeOrders(
  redis: Redis,
  out: RespWriter,
  prefix: string,
  mirror: Mirror,
  before: ReadonlyMap<number, Scores>,
  after: ReadonlyMap<number, Scores>,
): Promise<void> {
  const plans = CATALOGUE_SORTS.map((order, o) => {
    const directory = mirror.directories.get(order)!;
    const chunks = new Map<number, ChunkChanges>();
    const changesOf = (index: number) => {
      let changes = chunks.get(index);
      if (!changes) chunks.set(index, (changes = { removes: new Set(), adds: [] }));
      return changes;
    };
    let members = 0;
    for (const [id, now] of after) {
      const was = before.get(id)?.[o] ?? Number.NaN;
      const score = now?.[o] ?? Number.NaN;
      if (sameScore(was, score)) continue;
      const member = String(id);
      if (!Number.isNaN(was)) {
        const index = directory.locate(was, member);
        if (index < 0) throw new Error(`${prefix}${orderKey(order)} has no chunk for ${member} at ${was}`);
        changesOf(index).removes.add(member);
        members--;
      }
      if (!Number.isNaN(score)) {
        // Before the first head, the first chunk takes it (and is written again under it).
        const index = directory.ids.length === 0 ? -1 : Math.max(0, directory.locate(score, member));
        changesOf(index).adds.push([score, member]);
        members++;
      }
    }
    return { order, directory, chunks, members };
  });

  // Chunks written whole: their members are read in one round for every order.
  const rewrites = plans.map(({ directory, chunks }) => chunksToRewrite(directory, chunks));
  const reading = redis.pipeline();
  plans.forEach(({ order, directory }, o) => {
    for (const index of rewrites[o]!)
      if (index >= 0)
        reading.zrange(chunkKey(`${prefix}${orderKey(order)}`, directory.ids[index]!), 0, -1, 'WITHSCORES');
  });
  const contents = await settled(reading);
  let read = 0;

  for (const [o, { order, directory, chunks, members }] of plans.entries()) {
    const key = `${prefix}${orderKey(order)}`;
    const rewrite = rewrites[o]!;
    const whole = new Map<number, string[]>();
    for (const index of rewrite) if (index >= 0) whole.set(index, contents[read++] as string[]);
    // Chunks changed in place: members out, then in.
    for (const [index, changes] of chunks) {
      if (rewrite.has(index)) continue;
      const chunk = chunkKey(key, directory.ids[index]!);
      if (changes.removes.size > 0) out.command('ZREM', [chunk, ...changes.removes]);
      if (changes.adds.length > 0) out.command('ZADD', [chunk, ...changes.adds.flat()]);
      directory.sizes[index] = directory.sizes[index]! - changes.removes.size + changes.adds.length;
    }
    // Runs of consecutive chunks written again, from the last, so the earlier indexes stay right.
    for (const run of runsOf(rewrite).reverse()) writeRun(out, key, directory, run, chunks, whole);
    if (members !== 0) out.command('INCRBY', [orderCountKey(key), members]);
  }
}

/**
 * The chunks a batch writes again whole: those that would fill up, empty, lose their head, take
 * a member before it, or fall under a quarter full (with the ones after it, until they hold a
 * quarter between them).
 */
function chunksToRewrite(directory: Directory, chunks: ReadonlyMap<number, ChunkChanges>): Set<number> {
  const rewrite = new Set<number>();
  const sizeAfter = (index: number) => {
    const changes = chunks.get(index);
    return directory.sizes[index]! - (changes?.removes.size ?? 0) + (changes?.adds.length ?? 0);
  };
  for (const [index, changes] of chunks) {
    if (index < 0) {
      rewrite.add(index);
      continue;
    }
    const head = directory.ids[index]!;
    const headScore = directory.scores[index]!;
    const size = sizeAfter(index);
    if (
      size >= CAPACITY ||
      size < QUARTER ||
      changes.removes.has(head) ||
      changes.adds.some(([score, id]) => compareMembers(score, id, headScore, head) < 0)
    ) {
      rewrite.add(index);
      let total = size;
      for (let next = index + 1; total < QUARTER && next < directory.ids.length; next++) {
        rewrite.add(next);
        total += sizeAfter(next);
      }
    }
  }
  return rewrite;
}

/** Consecutive indexes, as [first, last] pairs, in order. */
function runsOf(indexes: ReadonlySet<number>): [number, number][] {
  const sorted = [...indexes].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const index of sorted) {
    const last = runs.at(-1);
    if (last && last[1] === index - 1) last[1] = index;
    else runs.push([index, index]);
  }
  return runs;
}

/** Writes chunks first..last again as chunks of up to FILL members, and their directory entries. */
function writeRun(
  out: RespWriter,
  key: string,
  directory: Directory,
  [first, last]: [number, number],
  chunks: ReadonlyMap<number, ChunkChanges>,
  whole: ReadonlyMap<number, string[]>,
): void {
  const members: [score: number, id: string][] = [];
  for (let index = first; index <= last; index++) {
    const removes = chunks.get(index)?.removes;
    const flat = whole.get(index) ?? [];
    for (let i = 0; i < flat.length; i += 2)
      if (!removes?.has(flat[i]!)) members.push([Number(flat[i + 1]), flat[i]!]);
    for (const add of chunks.get(index)?.adds ?? []) members.push(add);
  }
  members.sort((a, b) => compareMembers(a[0], a[1], b[0], b[1]));
  // The old chunks go first: a new one may have the same head, so the same name.
  const start = Math.max(first, 0);
  for (let index = start; index <= last; index++) {
    out.command('DEL', [chunkKey(key, directory.ids[index]!)]);
    out.command('ZREM', [key, directoryEntry(directory.scores[index]!, directory.ids[index]!)]);
  }
  const bounds = pieceBounds(members.length);
  const heads: { score: number; id: string; size: number }[] = [];
  for (let piece = 0; piece < bounds.length - 1; piece++) {
    const slice = members.slice(bounds[piece], bounds[piece + 1]);
    const [score, id] = slice[0]!;
    out.command('ZADD', [
      chunkKey(key, id),
      ...lastFirst(
        slice.length,
        (i) => slice[i]![0],
        (i) => slice[i]![1],
      ),
    ]);
    out.command('ZADD', [key, 0, directoryEntry(score, id)]);
    heads.push({ score, id, size: slice.length });
  }
  const replaced = last - start + 1;
  directory.scores.splice(start, replaced, ...heads.map((h) => h.score));
  directory.ids.splice(start, replaced, ...heads.map((h) => h.id));
  directory.sizes.splice(start, replaced, ...heads.map((h) => h.size));
}

/** Applies updates under `prefix` now, outside a batch (tests, tools), in one transaction. */
export async function writeScoresNow(
  redis: Redis,
  prefix: string,
  updates: ScoreUpdates,
  writer = new OrderWriter(),
  options: { scoresOnly?: boolean } = {},
): Promise<void> {
  const recorded = new RecordedTransaction();
  await writer.write(redis, recorded.tx, [{ prefix, updates }], options);
  const replies = await RespConnection.like(redis).send([MULTI, ...recorded.parts, EXEC], recorded.count + 2);
  const results = replies.at(-1);
  if (results instanceof Error) throw results;
  for (const result of results as unknown[]) if (result instanceof Error) throw result;
}
