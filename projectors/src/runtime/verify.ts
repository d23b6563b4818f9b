/**
 * Verify a read model against its replay: build it afresh from the first event into a scratch
 * generation (never switched to, deleted afterwards) and compare a canonical checksum of every
 * key with the serving generation.
 *
 * Both sides must stand at the same log position. The serving generation only changes in a
 * runner's MULTI/EXEC, which moves its checkpoint in the same transaction, so: read the serving
 * checkpoint, build the scratch generation to exactly that position, checksum the serving keys,
 * and read the checkpoint again. Unchanged, nothing was written meanwhile and the two snapshots
 * are of the same position; moved, the scratch generation catches up to the new checkpoint (it
 * keeps what it built) and the serving keys are read again. Nothing is paused, so the site keeps
 * serving; on a site whose checkpoint never stands still for the length of a scan, the verdict is
 * "moved" after a few attempts rather than a false difference.
 */

import { createHash } from 'node:crypto';
import {
  comparePositions,
  type EventStore,
  type Position,
  readModelKeys,
  readProjectionStatus,
  scanKeys,
  START,
} from '@cinefold/platform';
import { GenerationWriter, type KeyComparison, type Projector } from '@cinefold/read-models';
import type { Redis } from 'ioredis';
import { feedTo, stopIfAborted } from './feed.js';
import { deleteGeneration } from './rebuild.js';
import { allocateGeneration } from './runner.js';

export type VerifyVerdict = 'equal' | 'different' | 'moved';

export interface VerifyResult {
  readonly projector: string;
  readonly servingGeneration: number;
  readonly scratchGeneration: number;
  /** The serving checkpoint both generations were compared at. */
  readonly position: Position;
  /** Keys of either generation, bookkeeping keys (checkpoint, target) left out. */
  readonly keys: number;
  /** Key names relative to the generation prefix, sorted. */
  readonly differing: readonly string[];
  readonly servingChecksum: string;
  readonly rebuiltChecksum: string;
  readonly verdict: VerifyVerdict;
}

export interface VerifyOptions {
  readonly store: EventStore;
  /** A connection of its own (the scratch writer WATCHes on it). */
  readonly redis: Redis;
  readonly batchSize?: number;
  /** How many times to read the serving generation again when its checkpoint moved (default 5). */
  readonly attempts?: number;
  /** Checked between batches and scan pages: a verify stops (its scratch deleted) when aborted. */
  readonly signal?: AbortSignal;
}

/** Per-generation bookkeeping, not part of the read model: a rebuilt generation has no target. */
const BOOKKEEPING = new Set(['checkpoint', 'target']);

const HLL_MAGIC = Buffer.from('HYLL');

function digestOf(type: string, parts: readonly (Buffer | string)[]): string {
  const hash = createHash('sha256').update(type);
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part) : part;
    // Length-prefixed, so ['ab', 'c'] and ['a', 'bc'] differ.
    hash.update(`\0${bytes.length}:`).update(bytes);
  }
  return hash.digest('hex').slice(0, 32);
}

/** Elements read per command from one collection: a 1M-member sorted set is not one reply. */
const CHUNK = 10_000;

/** Every element of a list or sorted set, in order, a range at a time. */
async function ranged(
  read: (start: number, stop: number) => Promise<Buffer[]>,
  perElement: number,
): Promise<Buffer[]> {
  const all: Buffer[] = [];
  for (let start = 0; ; start += CHUNK) {
    const part = await read(start, start + CHUNK - 1);
    for (const item of part) all.push(item);
    if (part.length < CHUNK * perElement) return all;
  }
}

/** Every field and value of a hash (or member of a set), by HSCAN/SSCAN: duplicates dropped. */
async function scanned(
  scan: (cursor: string) => Promise<[Buffer, Buffer[]]>,
  perElement: number,
): Promise<Buffer[]> {
  const seen = new Map<string, Buffer[]>();
  let cursor = '0';
  do {
    const [next, items] = await scan(cursor);
    cursor = next.toString();
    for (let i = 0; i + perElement - 1 < items.length; i += perElement) {
      seen.set(items[i]!.toString('latin1'), items.slice(i, i + perElement));
    }
  } while (cursor !== '0');
  return [...seen.values()].sort((a, b) => Buffer.compare(a[0]!, b[0]!)).flat();
}

/**
 * The canonical digest of one key, or null if it vanished: strings as bytes, hashes by sorted
 * field, sets by sorted member, sorted sets as members with scores in their order, lists in
 * order, streams by entry; HyperLogLogs by PFCOUNT, since equal sets can have different bytes;
 * a key the projector reads as what it holds (`ReadAs`), by that.
 */
async function digestKey(
  redis: Redis,
  key: string,
  type: string,
  rule?: KeyComparison,
): Promise<string | null> {
  if (rule !== undefined && rule !== 'skip' && typeof rule !== 'function') {
    if (type === 'none') return null;
    return digestOf('read', [JSON.stringify(await rule.read(redis, key))]);
  }
  const canonical = typeof rule === 'function' ? rule : undefined;
  switch (type) {
    case 'string': {
      const value = await redis.getBuffer(key);
      if (value === null) return null;
      if (canonical) return digestOf('string', [canonical(value)]);
      if (value.subarray(0, HLL_MAGIC.length).equals(HLL_MAGIC)) {
        return digestOf('hll', [String(await redis.pfcount(key))]);
      }
      return digestOf('string', [value]);
    }
    case 'hash':
      return digestOf('hash', await scanned((c) => redis.hscanBuffer(key, c, 'COUNT', CHUNK), 2));
    case 'set':
      return digestOf('set', await scanned((c) => redis.sscanBuffer(key, c, 'COUNT', CHUNK), 1));
    case 'zset':
      return digestOf('zset', await ranged((a, b) => redis.zrangeBuffer(key, a, b, 'WITHSCORES'), 2));
    case 'list':
      return digestOf('list', await ranged((a, b) => redis.lrangeBuffer(key, a, b), 1));
    case 'stream':
      return digestOf('stream', [JSON.stringify(await redis.xrange(key, '-', '+'))]);
    case 'none':
      return null;
    default:
      return digestOf(type, []);
  }
}

/** Digest of every key of one generation, by name relative to its prefix. */
async function digestGeneration(
  redis: Redis,
  projector: Projector,
  generation: number,
  signal?: AbortSignal,
): Promise<Map<string, string>> {
  const prefix = readModelKeys.generationPrefix(projector.name, generation);
  const digests = new Map<string, string>();
  for await (const keys of scanKeys(redis, `${prefix}*`)) {
    stopIfAborted(signal);
    const fresh = keys.filter((key) => {
      const name = key.slice(prefix.length);
      return !digests.has(name) && !BOOKKEEPING.has(name) && projector.comparedAs?.(name) !== 'skip';
    });
    if (fresh.length === 0) continue;
    const pipeline = redis.pipeline();
    for (const key of fresh) pipeline.type(key);
    const types = (await pipeline.exec()) ?? [];
    // Issued together, the reads go out back to back on the one connection: a round trip per
    // SCAN page rather than per key, which is what a million keys cost otherwise.
    const found = await Promise.all(
      fresh.map(async (key, i) => {
        const [error, type] = types[i] ?? [null, 'none'];
        if (error) throw error;
        const name = key.slice(prefix.length);
        return [name, await digestKey(redis, key, String(type), projector.comparedAs?.(name))] as const;
      }),
    );
    for (const [name, digest] of found) if (digest !== null) digests.set(name, digest);
  }
  return digests;
}

function checksumOf(digests: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const name of [...digests.keys()].sort()) hash.update(`${name}\0${digests.get(name)}\n`);
  return hash.digest('hex').slice(0, 16);
}

/** A difference seen this many times in a row, each at a standing checkpoint, is reported. */
const CONFIRMATIONS = 2;
/** Pause before reading a difference again: time for a projector's after-commit clean-up. */
const CONFIRM_PAUSE_MS = 250;

export async function verifyProjection(projector: Projector, options: VerifyOptions): Promise<VerifyResult> {
  const { store, redis } = options;
  const attempts = options.attempts ?? 5;
  const scratch = await allocateGeneration(redis, projector);
  try {
    const writer = new GenerationWriter(projector, { redis, generation: scratch, requireActive: false });
    let before = await readProjectionStatus(redis, projector.name);
    if (before.generation === null) throw new Error(`${projector.name} has no serving generation to verify`);
    const generation = before.generation;
    const samePosition = (a: Position | null, b: Position | null) =>
      a === null || b === null ? a === b : comparePositions(a, b) === 0;
    let result: VerifyResult | null = null;
    let confirmations = 0;
    for (let attempt = 0; attempt < attempts + CONFIRMATIONS; attempt++) {
      const target = before.checkpoint ?? START;
      await feedTo(writer, store, target, {
        batchSize: options.batchSize,
        signal: options.signal,
        unserved: true,
      });
      const serving = await digestGeneration(redis, projector, generation, options.signal);
      const after = await readProjectionStatus(redis, projector.name);
      if (after.generation !== generation) {
        throw new Error(`${projector.name} switched generations during the verify; run it again`);
      }
      if (!samePosition(after.checkpoint, before.checkpoint)) {
        // Written to while being read: catch the scratch generation up and read both again.
        before = after;
        continue;
      }
      const rebuilt = await digestGeneration(redis, projector, scratch, options.signal);
      const names = new Set([...serving.keys(), ...rebuilt.keys()]);
      const differing = [...names].filter((name) => serving.get(name) !== rebuilt.get(name)).sort();
      result = {
        projector: projector.name,
        servingGeneration: generation,
        scratchGeneration: scratch,
        position: target,
        keys: names.size,
        differing,
        servingChecksum: checksumOf(serving),
        rebuiltChecksum: checksumOf(rebuilt),
        verdict: differing.length > 0 ? 'different' : 'equal',
      };
      // Work a projector does after its commit (the catalogue unlinking a dropped import's keys)
      // does not move the checkpoint: a difference counts once it is seen again after a pause.
      if (differing.length === 0 || ++confirmations >= CONFIRMATIONS) return result;
      await new Promise((resolve) => setTimeout(resolve, CONFIRM_PAUSE_MS));
      before = await readProjectionStatus(redis, projector.name);
    }
    return (
      result ?? {
        projector: projector.name,
        servingGeneration: generation,
        scratchGeneration: scratch,
        position: before.checkpoint ?? START,
        keys: 0,
        differing: [],
        servingChecksum: '-',
        rebuiltChecksum: '-',
        verdict: 'moved',
      }
    );
  } finally {
    await deleteGeneration(redis, projector.name, scratch);
  }
}
