/**
 * Feeds one projector from $all and keeps its read model in Redis.
 *
 * Each batch is applied in one MULTI/EXEC together with the new checkpoint, under WATCH of that
 * checkpoint (and, for the live runner, of the active-generation pointer):
 * - a crash before EXEC leaves nothing behind; after EXEC, the batch and its checkpoint are both in;
 * - a re-delivered event is at or below the checkpoint and is skipped;
 * - two runners on one projector cannot both apply a batch: the loser's EXEC fails and it retries;
 * - when a rebuild switches the active generation, the live runner's EXEC fails, it notices the
 *   switch and resubscribes from the new generation's checkpoint.
 */

import {
  comparePositions,
  decodeEvent,
  decodePosition,
  type EventStore,
  encodePosition,
  type Logger,
  POSITIONS_CHANNEL,
  type Position,
  type PositionNotice,
  type RecordedEvent,
  readModelKeys,
  START,
  type StoredEvent,
  type Subscription,
} from '@cinefold/platform';
import {
  encodeCommand,
  payloadTypesOf,
  type Projector,
  RecordedTransaction,
  versionOf,
} from '@cinefold/read-models';
import type { Redis } from 'ioredis';
import { RespConnection } from './resp-connection.js';

class GenerationSwitched extends Error {}

export interface GenerationWriterOptions {
  /**
   * A client of its own: the projector's reads go through it, and its transactions through a
   * companion connection (`RespConnection.like`) whose WATCH state must be this writer's alone.
   */
  readonly redis: Redis;
  readonly generation: number;
  /** Live runners only write while their generation is the active one. */
  readonly requireActive: boolean;
}

/** A batch whose writes are queued in `tx`, ready for EXEC, or nothing to write. */
type Staged =
  | { readonly tx: RecordedTransaction; readonly last: Position; readonly types: readonly string[] }
  | { readonly checkpoint: Position };

const MULTI = encodeCommand(['MULTI']);
const EXEC = encodeCommand(['EXEC']);

/** Applies batches of events to one generation of one projector's read model. */
export class GenerationWriter {
  readonly generation: number;
  private readonly checkpointKey: string;
  private readonly activeKey: string;
  /** A key of this generation of the projector's read model. */
  private readonly key: (...parts: string[]) => string;
  /** The batch whose EXEC was sent by `applyOverlapped` and is not answered yet. */
  private inFlight: Promise<void> | null = null;
  private failure: { error: unknown } | null = null;
  /** Where the WATCH, MULTI and EXEC go (see `RespConnection`). */
  private readonly connection: RespConnection;
  /** WATCH of the checkpoint (and the active generation), then MGET of both: each batch begins so. */
  private readonly watchAndRead: readonly Buffer[];

  constructor(
    readonly projector: Projector,
    private readonly options: GenerationWriterOptions,
  ) {
    this.generation = options.generation;
    this.checkpointKey = readModelKeys.checkpoint(projector.name, options.generation);
    this.activeKey = readModelKeys.active(projector.name);
    this.key = (...parts) => readModelKeys.key(projector.name, this.generation, ...parts);
    this.connection = RespConnection.like(options.redis, this.checkpointKey);
    const watched = options.requireActive ? [this.checkpointKey, this.activeKey] : [this.checkpointKey];
    this.watchAndRead = [
      encodeCommand(['WATCH', ...watched]),
      encodeCommand(['MGET', this.activeKey, this.checkpointKey]),
    ];
  }

  async checkpoint(): Promise<Position> {
    const text = await this.options.redis.get(this.checkpointKey);
    return (text === null ? null : decodePosition(text)) ?? START;
  }

  /** Applies the events after this generation's checkpoint; returns the checkpoint afterwards. */
  async apply(recorded: readonly RecordedEvent[], readUpTo?: Position): Promise<Position> {
    await this.settle();
    return this.applyNow(recorded, this.decode(recorded), readUpTo);
  }

  /**
   * Like `apply`, but returns as soon as the batch's EXEC is sent: the caller reads, decodes and
   * prepares the next batch while Redis commits this one. The next call (or `settle`) waits for
   * that commit first and rethrows its failure; `onFailure` hears of it at once, so a failure
   * with no next batch to surface it is not lost. The next batch's reads (on the projector's
   * client) begin only after that wait, so they see this one's writes (sent on the writer's
   * connection). `readUpTo` (see `BatchProgress`) moves the checkpoint past events the
   * subscription skipped.
   */
  async applyOverlapped(
    recorded: readonly RecordedEvent[],
    onFailure: (error: unknown) => void,
    readUpTo?: Position,
  ): Promise<void> {
    const decoded = this.decode(recorded);
    this.projector.prepare?.(decoded, this.key);
    await this.settle();
    const staged = await this.stage(recorded, decoded, readUpTo);
    if ('checkpoint' in staged) return;
    this.inFlight = this.commit(staged)
      .then(async (position) => {
        if (position === null) await this.applyNow(recorded, decoded, readUpTo); // a watched key changed
      })
      .catch((error: unknown) => {
        this.failure = { error };
        onFailure(error);
      });
  }

  /** Waits for the batch still being committed, if any; throws if it failed. */
  async settle(): Promise<void> {
    await this.inFlight;
    this.inFlight = null;
    const failure = this.failure;
    this.failure = null;
    if (failure) throw failure.error;
  }

  /** The events of the batch this projector handles, decoded once (payloads parse lazily). */
  private decode(recorded: readonly RecordedEvent[]): StoredEvent[] {
    const handles: readonly string[] | 'all' = this.projector.handles;
    const events: StoredEvent[] = [];
    for (const e of recorded) if (handles === 'all' || handles.includes(e.type)) events.push(decodeEvent(e));
    return events;
  }

  private async applyNow(
    recorded: readonly RecordedEvent[],
    decoded: readonly StoredEvent[],
    readUpTo?: Position,
  ): Promise<Position> {
    for (;;) {
      const staged = await this.stage(recorded, decoded, readUpTo);
      if ('checkpoint' in staged) return staged.checkpoint;
      const position = await this.commit(staged);
      if (position !== null) return position;
    }
  }

  /** Watches the checkpoint, skips what it already covers, and queues the projector's writes. */
  private async stage(
    recorded: readonly RecordedEvent[],
    decoded: readonly StoredEvent[],
    last = recorded.at(-1)?.position,
  ): Promise<Staged> {
    const { redis } = this.options;
    const { projector, connection } = this;
    const [watching, values] = await connection.send(this.watchAndRead, 2);
    for (const reply of [watching, values]) if (reply instanceof Error) throw reply;
    const [active, checkpointText] = values as (string | null)[];
    if (this.options.requireActive && Number(active) !== this.generation) {
      await connection.call('UNWATCH');
      throw new GenerationSwitched();
    }
    const checkpoint = (checkpointText == null ? null : decodePosition(checkpointText)) ?? START;
    if (last === undefined || comparePositions(last, checkpoint) <= 0) {
      await connection.call('UNWATCH');
      return { checkpoint };
    }
    const events = decoded.filter((e) => comparePositions(e.position, checkpoint) > 0);
    const writes = new RecordedTransaction();
    if (events.length > 0) {
      await projector.apply({
        events,
        redis,
        tx: writes.tx,
        key: this.key,
      });
    }
    writes.tx.set(this.checkpointKey, encodePosition(last));
    return { tx: writes, last, types: [...new Set(events.map((e) => e.type))] };
  }

  /** Runs the staged batch; null when a watched key changed under it (nothing was written). */
  private async commit({
    tx,
    last,
    types,
  }: {
    tx: RecordedTransaction;
    last: Position;
    types: readonly string[];
  }): Promise<Position | null> {
    const { redis } = this.options;
    const { projector } = this;
    // MULTI's OK, a QUEUED (or the error that refused it) for each command, then EXEC's answer.
    const replies = await this.connection.send([MULTI, ...tx.parts, EXEC], tx.count + 2);
    const results = replies.at(-1);
    if (results === null) return null; // a watched key changed: nothing was written
    if (results instanceof Error) throw results; // EXECABORT: a command was refused when queued
    const failed = (results as unknown[]).find((result) => result instanceof Error);
    if (failed) throw failed;
    const notice: PositionNotice = {
      projector: projector.name,
      generation: this.generation,
      position: encodePosition(last),
      types,
      ...(this.options.requireActive ? { active: true } : {}),
    };
    await redis.publish(POSITIONS_CHANNEL, JSON.stringify(notice));
    await projector.afterCommit?.(redis, this.key);
    return last;
  }
}

/**
 * Allocates a generation number no other rebuild or runner has used, and records the shape
 * version it is built with.
 */
export async function allocateGeneration(
  redis: Redis,
  projector: Pick<Projector, 'name' | 'version'>,
): Promise<number> {
  const generation = await redis.incr(readModelKeys.nextGeneration(projector.name));
  await redis.set(readModelKeys.version(projector.name, generation), String(versionOf(projector)));
  return generation;
}

/** The shape version the serving generation was built with (1 when it predates versions); null when none serves. */
export async function servingVersion(redis: Redis, projector: string): Promise<number | null> {
  const active = await redis.get(readModelKeys.active(projector));
  if (active === null) return null;
  const version = await redis.get(readModelKeys.version(projector, Number(active)));
  return version === null ? 1 : Number(version);
}

/**
 * The active generation, creating the first one for a projector that never ran (or whose Redis
 * was lost). A generation created while the store already holds events records the store's head
 * as its target (`readModelKeys.target`): until it gets there, health says the read model is
 * being built and the API answers "starting" instead of serving a half-built read model.
 */
export async function ensureActiveGeneration(
  redis: Redis,
  projector: Pick<Projector, 'name' | 'version'>,
  storeHead?: () => Promise<Position>,
): Promise<number> {
  const { name } = projector;
  const active = await redis.get(readModelKeys.active(name));
  if (active !== null) return Number(active);
  const candidate = await allocateGeneration(redis, projector);
  const head = await storeHead?.();
  if (head && head.commit >= 0n) {
    await redis.set(readModelKeys.target(name, candidate), encodePosition(head));
  }
  await redis.set(readModelKeys.active(name), String(candidate), 'NX');
  return Number(await redis.get(readModelKeys.active(name)));
}

export interface LiveRunnerOptions {
  readonly store: EventStore;
  readonly redis: Redis;
  readonly logger: Logger;
  readonly batchSize?: number;
}

/** Keeps the active generation of one projector up to date, catching up first, then live. */
export class LiveProjectionRunner {
  private subscription?: Subscription;
  private stopped = false;
  private running?: Promise<void>;
  private markStarted!: () => void;
  /** Settles once the runner knows its active generation (created it, if there was none). */
  readonly started = new Promise<void>((resolve) => (this.markStarted = resolve));

  constructor(
    readonly projector: Projector,
    private readonly options: LiveRunnerOptions,
  ) {}

  start(): void {
    this.running ??= this.run();
  }

  private async run(): Promise<void> {
    const { store, redis, logger } = this.options;
    let failures = 0;
    while (!this.stopped) {
      try {
        const generation = await ensureActiveGeneration(redis, this.projector, () => store.headPosition());
        this.markStarted();
        const writer = new GenerationWriter(this.projector, { redis, generation, requireActive: true });
        const from = await writer.checkpoint();
        this.subscription = store.subscribeAll(
          {
            from,
            maxBatch: this.options.batchSize ?? this.projector.batchSize ?? 2000,
            payloadTypes: payloadTypesOf(this.projector),
            types: this.projector.handles === 'all' ? undefined : this.projector.handles,
          },
          async (batch, { readUpTo }) => {
            // The batch commits while the subscription reads and prepares the next one.
            await writer.applyOverlapped(batch, () => void this.subscription?.close(), readUpTo);
            failures = 0;
          },
        );
        await this.subscription.done;
        await writer.settle(); // the last batch's commit, and its failure if it failed
      } catch (error) {
        if (error instanceof GenerationSwitched) {
          logger.info('active generation switched; following it', { projector: this.projector.name });
          continue;
        }
        if (this.stopped) break;
        failures++;
        const delay = Math.min(30_000, 250 * 2 ** Math.min(failures, 7));
        logger.error('projector failed; retrying', {
          projector: this.projector.name,
          error,
          retryInMs: delay,
        });
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.close();
    await this.running;
  }
}
