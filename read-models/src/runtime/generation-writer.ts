/**
 * Writes batches of events into one generation of one projector's read model: the writer the
 * projectors host feeds from $all (live, rebuild, verify) and a read model's spec runs.
 *
 * Each batch is applied in one MULTI/EXEC together with the new checkpoint, under WATCH of that
 * checkpoint (and, for the live runner, of the active-generation pointer):
 * - a crash before EXEC leaves nothing behind; after EXEC, the batch and its checkpoint are both in;
 * - a re-delivered event is at or below the checkpoint and is skipped;
 * - two runners on one projector cannot both apply a batch: the loser's EXEC fails and it retries;
 * - when a rebuild switches the active generation, the live runner's EXEC fails with
 *   `GenerationSwitched`, and the runner resubscribes from the new generation's checkpoint;
 * - when Redis's checkpoint is behind the one this writer last read or wrote (Redis restarted
 *   without its last writes), the batch fails with `CheckpointLost` instead of leaving out the
 *   events in between, and the runner resubscribes from the checkpoint Redis has.
 */

import {
  comparePositions,
  decodeEvent,
  decodePosition,
  encodePosition,
  POSITIONS_CHANNEL,
  type Position,
  type PositionNotice,
  type RecordedEvent,
  readModelKeys,
  START,
  type StoredEvent,
} from '@cinefold/platform';
import type { Redis } from 'ioredis';
import type { Projector } from './projector.js';
import { RespConnection } from './resp-connection.js';
import { encodeCommand } from './resp-writer.js';
import { EXEC, MULTI, RecordedTransaction } from './transaction.js';

/** A live writer's generation is no longer the active one: a rebuild switched to another. */
export class GenerationSwitched extends Error {}

/**
 * Redis's checkpoint of this generation went back: Redis lost writes it had acknowledged (a
 * restart loses up to its last second of them, `appendfsync everysec`). The read model must be
 * fed again from the checkpoint Redis has.
 */
export class CheckpointLost extends Error {}

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

/** Applies batches of events to one generation of one projector's read model. */
export class GenerationWriter {
  readonly generation: number;
  private readonly checkpointKey: string;
  private readonly activeKey: string;
  /** A key of this generation of the projector's read model. */
  private readonly key: (...parts: string[]) => string;
  /** The last batch given to `applyOverlapped`, until it is applied and committed (never rejects). */
  private inFlight: Promise<void> | null = null;
  /** A failure of a batch applied in the background, not yet thrown to the caller. */
  private failure: { error: unknown } | null = null;
  /** Whether a batch given to `applyOverlapped` failed: the ones after it are not applied. */
  private broken = false;
  /** Where the WATCH, MULTI and EXEC go (see `RespConnection`). */
  private readonly connection: RespConnection;
  /** WATCH of the checkpoint (and the active generation), then MGET of both: each batch begins so. */
  private readonly watchAndRead: readonly Buffer[];
  /** The checkpoint this writer last read or committed: Redis's is never behind it unless lost. */
  private known: Position | null = null;
  /** Where the generation begins to serve, while it is built (`buildUpTo`); null: it serves. */
  private servesFrom: Position | null = null;

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
    const checkpoint = (text === null ? null : decodePosition(text)) ?? START;
    this.known = checkpoint;
    return checkpoint;
  }

  /**
   * The generation is being built, and serves once its checkpoint reaches `servesFrom` (null: it
   * serves already). Batches that end before it are applied as `building`; the projector's
   * `completeBuild` runs before the batch that reaches it, and that batch's events before
   * `servesFrom` are applied first, as a build of their own (`cutWhereServing`).
   */
  buildUpTo(servesFrom: Position | null): void {
    this.servesFrom = servesFrom;
  }

  /** Applies the events after this generation's checkpoint; returns the checkpoint afterwards. */
  async apply(recorded: readonly RecordedEvent[], readUpTo?: Position): Promise<Position> {
    await this.settle();
    const cut = this.cutWhereServing(recorded, readUpTo);
    if (cut) {
      await this.applyNow(cut.building, this.decode(cut.building));
      recorded = cut.serving;
    }
    return this.applyNow(recorded, this.decode(recorded), readUpTo);
  }

  /**
   * Like `apply`, but returns as soon as the batch before this one is committed: the caller reads,
   * decodes and prepares the next batch while this one is applied and committed, so that
   * preparing (on a thread of its own, for the catalogue's imports) runs a batch ahead of the
   * applying. Batches are still applied one after the other, each once the one before it has
   * committed, so each reads what the one before wrote. A batch that fails is reported to
   * `onFailure` at once, and thrown by the next call (or `settle`); the batches given after it are
   * not applied, and the writer takes no more: the caller starts again from the checkpoint with
   * a new one, as the runner does. `readUpTo` (see `BatchProgress`) moves the checkpoint past
   * events the subscription skipped.
   */
  async applyOverlapped(
    recorded: readonly RecordedEvent[],
    onFailure: (error: unknown) => void,
    readUpTo?: Position,
  ): Promise<void> {
    if (this.broken)
      throw new Error(`${this.projector.name}: a batch failed; feed a new writer from the checkpoint`);
    const cut = this.cutWhereServing(recorded, readUpTo);
    if (cut) {
      await this.applyOverlapped(cut.building, onFailure);
      recorded = cut.serving;
    }
    const decoded = this.decode(recorded);
    this.projector.prepare?.(decoded, this.key);
    const before = this.inFlight;
    this.inFlight = (async () => {
      await before;
      if (this.broken) return;
      const staged = await this.stage(recorded, decoded, readUpTo);
      if ('checkpoint' in staged) return;
      const position = await this.commit(staged);
      if (position === null) await this.applyNow(recorded, decoded, readUpTo); // a watched key changed
    })().catch((error: unknown) => {
      this.broken = true;
      this.failure = { error };
      onFailure(error);
    });
    await before;
    this.throwFailure();
  }

  /** Waits for the batch still being committed, if any; throws if it failed. */
  async settle(): Promise<void> {
    await this.inFlight;
    this.inFlight = null;
    this.throwFailure();
  }

  /** Throws the failure of a batch applied in the background, once. */
  private throwFailure(): void {
    const failure = this.failure;
    this.failure = null;
    if (failure) throw failure.error;
  }

  /**
   * The batch that brings a generation being built to where it serves, cut in two: the events
   * before that position, applied as a build, and the rest (the event at that position, if the
   * batch holds it, and any after), applied once `completeBuild` has run. Null when the batch is
   * not such a batch, or has nothing before that position. Applied whole, what the batch's first
   * events left to `completeBuild` would have been written as a serving batch writes it, item by
   * item: the catalogue's day closings at the end of a log moved every title they name into its
   * place in the views order, one chunk at a time.
   */
  private cutWhereServing(
    recorded: readonly RecordedEvent[],
    readUpTo: Position | undefined,
  ): { building: readonly RecordedEvent[]; serving: readonly RecordedEvent[] } | null {
    const { servesFrom, projector } = this;
    const last = readUpTo ?? recorded.at(-1)?.position;
    if (servesFrom === null || !projector.completeBuild || last === undefined) return null;
    if (comparePositions(last, servesFrom) < 0) return null;
    const serving = recorded.findIndex((e) => comparePositions(e.position, servesFrom) >= 0);
    const cut = serving === -1 ? recorded.length : serving;
    return cut === 0 ? null : { building: recorded.slice(0, cut), serving: recorded.slice(cut) };
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
    const { projector, connection, servesFrom } = this;
    const building = servesFrom !== null && last !== undefined && comparePositions(last, servesFrom) < 0;
    if (servesFrom !== null && !building && last !== undefined && projector.completeBuild) {
      // Before the WATCH: its writes may go through this writer's connection (`RespConnection.like`).
      const checkpoint = this.known ?? (await this.checkpoint());
      if (comparePositions(checkpoint, servesFrom) < 0 && comparePositions(last, checkpoint) > 0)
        await projector.completeBuild(redis, this.key);
    }
    const [watching, values] = await connection.send(this.watchAndRead, 2);
    for (const reply of [watching, values]) if (reply instanceof Error) throw reply;
    const [active, checkpointText] = values as (string | null)[];
    if (this.options.requireActive && Number(active) !== this.generation) {
      await connection.call('UNWATCH');
      throw new GenerationSwitched();
    }
    const checkpoint = (checkpointText == null ? null : decodePosition(checkpointText)) ?? START;
    if (this.known && comparePositions(checkpoint, this.known) < 0) {
      await connection.call('UNWATCH');
      throw new CheckpointLost(
        `${projector.name} generation ${this.generation}: Redis's checkpoint ${encodePosition(checkpoint)} is behind ${encodePosition(this.known)}`,
      );
    }
    this.known = checkpoint;
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
        building,
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
    this.known = last;
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
