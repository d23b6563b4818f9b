/**
 * Projector specifications: `given(events).then(readModel)`, as deciders are specified. A read
 * model's spec sits beside its projection and runs it as the projectors service does.
 *
 * The events are typed domain events (`{ type, data }`, optionally `at`); the spec numbers them,
 * fills in their metadata and runs ONE projector on them through the real `GenerationWriter`, on
 * the private Redis of the test file, twice over: as the live runner does (each batch prepared
 * while the previous one commits) and as a rebuild does (no preparing ahead). Both must write the
 * same keys, and those keys, read back as plain values, must equal the expected read model.
 */
import { type CinefoldEvent, eventCatalogue } from '@cinefold/contracts';
import { type RecordedEvent, readModelKeys } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { expect } from 'vitest';
import { GenerationWriter } from '../runtime/generation-writer.js';
import type { Projector } from '../runtime/projector.js';

/** An event as a spec gives it: its time is `SPEC_TIME`, its stream `spec` and its actor `system` unless it says otherwise. */
export type GivenEvent = CinefoldEvent & {
  readonly at?: string;
  readonly stream?: string;
  readonly actor?: string;
};

export const SPEC_TIME = '2025-03-01T12:00:00.000Z';

/**
 * A read model as plain values, by key without the generation prefix: a string as it is (a Buffer
 * when it is not text), a hash
 * as an object, a set as its members sorted, a sorted set as `{ member: score }`, a list in order.
 */
export type ReadModel = Record<string, unknown>;

export interface ThenOptions {
  /** Events per batch (default: all in one), to see a projector's work spread over batches. */
  readonly batchSize?: number;
  /** Also: the same events run again (as new events, later in the store) change nothing. */
  readonly twice?: boolean;
  /** What of the read model the expectation states (default: all of it). */
  readonly view?: (model: ReadModel) => unknown;
}

export interface ProjectorSpec {
  given(events: readonly GivenEvent[]): {
    then(expected: unknown, options?: ThenOptions): Promise<void>;
    /** The read model the events leave, in one batch: to compare other ways of getting there with. */
    built(): Promise<ReadModel>;
  };
}

/** The spec of a projector: `create` makes a fresh one for each run, as each runner does. */
export function specOf(create: () => Projector, redis: () => Redis): ProjectorSpec {
  return {
    given: (events) => ({
      async built() {
        const client = redis();
        const name = create().name;
        const generation = await newGeneration(client, name);
        const writer = new GenerationWriter(create(), { redis: client, generation, requireActive: false });
        await runLive(writer, inBatches(record(events, 0), Math.max(events.length, 1)));
        return readModel(client, name, generation, create().comparedAs);
      },
      async then(expected, options = {}) {
        const client = redis();
        const name = create().name;
        const batches = inBatches(record(events, 0), options.batchSize ?? Math.max(events.length, 1));

        const live = await newGeneration(client, name);
        const liveWriter = new GenerationWriter(create(), {
          redis: client,
          generation: live,
          requireActive: false,
        });
        await runLive(liveWriter, batches);
        const model = await readModel(client, name, live, create().comparedAs);
        expect((options.view ?? ((m) => m))(model)).toEqual(expected);

        const rebuilt = await newGeneration(client, name);
        const rebuildWriter = new GenerationWriter(create(), {
          redis: client,
          generation: rebuilt,
          requireActive: false,
        });
        for (const batch of batches) await rebuildWriter.apply(batch);
        expect(
          await readModel(client, name, rebuilt, create().comparedAs),
          'a rebuild writes what the live runner wrote',
        ).toEqual(model);

        if (options.twice) {
          const again = inBatches(
            record(events, events.length),
            options.batchSize ?? Math.max(events.length, 1),
          );
          await runLive(liveWriter, again);
          expect(
            await readModel(client, name, live, create().comparedAs),
            'the same events again change nothing',
          ).toEqual(model);
        }
      },
    }),
  };
}

async function runLive(writer: GenerationWriter, batches: readonly RecordedEvent[][]): Promise<void> {
  const failures: unknown[] = [];
  for (const batch of batches) await writer.applyOverlapped(batch, (error) => failures.push(error));
  await writer.settle();
  expect(failures).toEqual([]);
}

/** The events as the store would hand them over, the first at position `from`. */
export function record(events: readonly GivenEvent[], from: number): RecordedEvent[] {
  return events.map(({ at, stream, actor, ...event }, i) => {
    const position = BigInt(from + i);
    return {
      ...eventCatalogue.encode(event as CinefoldEvent),
      id: `spec-${from + i}`,
      stream: stream ?? 'spec',
      revision: position,
      position: { commit: position, prepare: position },
      metadata: {
        occurredAt: at ?? SPEC_TIME,
        actor: actor ?? 'system',
        correlationId: 'spec',
        causationId: null,
      },
    };
  });
}

export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

async function newGeneration(redis: Redis, projector: string): Promise<number> {
  return redis.incr(readModelKeys.nextGeneration(projector));
}

/** Every key of one generation of a read model, but its checkpoint, read back as plain values. */
export async function readModel(
  redis: Redis,
  projector: string,
  generation: number,
  /** The projector's own comparison of its keys (`comparedAs`), when it has one. */
  comparedAs?: Projector['comparedAs'],
): Promise<ReadModel> {
  const prefix = readModelKeys.generationPrefix(projector, generation);
  const bookkeeping = new Set([
    readModelKeys.checkpoint(projector, generation),
    readModelKeys.target(projector, generation),
  ]);
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    keys.push(...found.filter((key) => !bookkeeping.has(key)));
  } while (cursor !== '0');
  const model: ReadModel = {};
  for (const key of keys.sort()) {
    const name = key.slice(prefix.length);
    const rule = comparedAs?.(name);
    if (rule === 'skip') continue;
    model[name] =
      typeof rule === 'function'
        ? rule((await redis.getBuffer(key))!)
        : rule
          ? await rule.read(redis, key)
          : await valueOf(redis, key);
  }
  return model;
}

const byNumberOrText = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** Text as text; packed bytes (search postings, compressed documents, scores) as the bytes. */
function textOrBytes(bytes: Buffer): string | Buffer {
  const text = bytes.toString('utf8');
  return Buffer.from(text, 'utf8').equals(bytes) ? text : bytes;
}

async function valueOf(redis: Redis, key: string): Promise<unknown> {
  const type = await redis.type(key);
  switch (type) {
    case 'string':
      return textOrBytes((await redis.getBuffer(key))!);
    case 'hash': {
      const fields: Record<string, string | Buffer> = {};
      for (const [field, value] of Object.entries(await redis.hgetallBuffer(key)))
        fields[field] = textOrBytes(value);
      return fields;
    }
    case 'set':
      return (await redis.smembers(key)).sort(byNumberOrText);
    case 'zset': {
      const flat = await redis.zrange(key, 0, -1, 'WITHSCORES');
      const scores: Record<string, number> = {};
      for (let i = 0; i < flat.length; i += 2) scores[flat[i]!] = Number(flat[i + 1]);
      return scores;
    }
    case 'list':
      return redis.lrange(key, 0, -1);
    default:
      throw new Error(`${key} is a ${type}, which a read model spec cannot read`);
  }
}
