import type { CinefoldEvent, CinefoldEventType } from '@cinefold/contracts';
import type { RecordedEvent, StoredEvent } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import type { Transaction } from './transaction.js';

/**
 * A stored event of one of the types a projector handles. `event` is null only for a version of
 * a type newer than this code (see `StoredEvent`).
 */
export type ProjectedEvent<Type extends CinefoldEventType = CinefoldEventType> = Omit<
  StoredEvent,
  'event'
> & { readonly event: Extract<CinefoldEvent, { type: Type }> | null };

/**
 * What a projector is handed for one batch. Reads (`redis`, `key`) see the generation as it was
 * before the batch; writes go into `tx`, which the runner executes atomically together with
 * the new checkpoint. So a projector never has to be idempotent itself: the checkpoint in the
 * same transaction guarantees each event is applied exactly once.
 */
export interface ProjectionBatch<Type extends CinefoldEventType = CinefoldEventType> {
  readonly events: readonly ProjectedEvent<Type>[];
  /** A key of this projector's read model in the generation being written. */
  key(...parts: string[]): string;
  /** Queue writes here; they run in one MULTI/EXEC with the checkpoint. */
  readonly tx: Transaction;
  /**
   * The generation is being built from the log and does not serve before `completeBuild` has
   * run: the projector may leave to it what is cheaper done once at the end (see `completeBuild`).
   */
  readonly building: boolean;
  /** For reads a projection needs before deciding its writes. Do not write through it. */
  readonly redis: Redis;
}

/** A projector as written: `Type` is the union of the event types it handles. */
/**
 * A key read as what it holds rather than as it is stored: for a structure whose keys depend on
 * its history (a chunked order), the value is read from all of them, as plain JSON.
 */
export interface ReadAs {
  read(redis: Redis, key: string): Promise<unknown>;
}
/** How a key of a read model compares (see `comparedAs`). */
export type KeyComparison = 'skip' | ((value: Buffer) => Buffer) | ReadAs;

export interface ProjectorDefinition<Type extends CinefoldEventType> {
  /** Names the read model: keys, checkpoints, health and replay use it. */
  readonly name: string;
  /**
   * Event types it reacts to, or 'all' (then also types this code does not know, which arrive
   * with a null `event`). Others still advance its checkpoint.
   */
  readonly handles: readonly Type[] | 'all';
  /**
   * The event types whose payload (data and metadata) it reads: by default those it handles.
   * A projector that counts events by type needs none.
   */
  readonly payloadTypes?: readonly Type[];
  /**
   * The shape of its read model (default 1). Raise it when what the projection writes changes
   * (other keys, another stored shape): a site whose serving generation was built with another
   * version rebuilds it at start, beside the serving one (see `upgradeReadModels`).
   */
  readonly version?: number;
  /** Events per batch (default 2000: `batchSizeOf`). */
  readonly batchSize?: number;
  /**
   * Optional: events per batch while the live runner builds a generation from the log at a start
   * that found none (an empty Redis: the site answers "starting" until its read models are built),
   * instead of `batchSize`. Fewer, larger transactions write less (the catalogue appends each
   * posting list once a batch) and need fewer turns of the thread the process's projectors share.
   * A rebuild beside a serving generation keeps `batchSize`: each transaction holds Redis, and
   * the site's reads wait behind it, about three times as long at five times the batch.
   */
  readonly buildBatchSize?: number;
  /**
   * Optional: streams a later event stands for, which a generation being built need not read:
   * those `supersedes.streams` names for each event of type `supersedes.by` at or before the
   * position the build must reach before it serves (a closed day's totals stand for the day's page
   * views). The projection must come to the same read model whether it reads them or not, since
   * a store may deliver them anyway. A generation that serves reads them all: skipping them there
   * would take from what it shows until it reached the event that stands for them.
   */
  readonly supersedes?: { [T in Type]: Supersession<T> }[Type];
  /**
   * Optional: the part of a batch's work that needs nothing from Redis (decoding payloads,
   * computing what to index). The live runner calls it while Redis is still committing the
   * previous batch, so the two overlap; `apply` then gets the same event objects and may use
   * what `prepare` kept for them. It must not depend on the read model (`key` names its keys, to
   * encode writes ahead), and `apply` must still work for events that were never prepared (a
   * rebuild does not call it).
   */
  prepare?(events: readonly ProjectedEvent<Type>[], key: (...parts: string[]) => string): void;
  apply(batch: ProjectionBatch<Type>): void | Promise<void>;
  /**
   * Optional: how a key of the read model (its name relative to the generation) is compared by
   * `npm run verify` and the projector tests, when equal read models may hold it in different
   * bytes: 'skip' for bookkeeping, or a function giving a string's canonical bytes (packed
   * postings compacted at different times), or `ReadAs` for a structure kept across several keys
   * (a chunked order: its other keys 'skip'). Other keys compare as they are.
   */
  comparedAs?(name: string): KeyComparison | undefined;
  /**
   * Optional: runs when a generation built from the log is about to serve, before the batch that
   * brings it to the position it serves from, once every batch before that one has committed
   * (the writer applies that batch's events before the position as a build of their own first).
   * It writes what the batches applied while `building` left undone, from what they stored (the
   * catalogue's orders, from every title's scores). Its writes are not in a transaction, and it
   * may run again (a crash before that batch commits, a verify's next catch-up): it must come to
   * the same read model whatever it finds.
   */
  completeBuild?(redis: Redis, key: (...parts: string[]) => string): Promise<void>;
  /**
   * Runs after a batch committed, for slow clean-up that must not sit inside the transaction
   * (deleting a dropped epoch's keys). Must be safe to run again or not at all.
   */
  afterCommit?(redis: Redis, key: (...parts: string[]) => string): Promise<void>;
}

/** See `ProjectorDefinition.supersedes`. */
export interface Supersession<Type extends CinefoldEventType> {
  /** The type of the events that stand for streams before them. */
  readonly by: Type;
  /**
   * The streams one such event stands for, at `now` (none: it does not stand for any yet), told
   * by where and when it was recorded alone: its payload is not decoded (a day's closing names
   * hundreds of thousands of titles, and a build looks at every closing before it starts).
   */
  streams(recorded: RecordedAt, now: Date): readonly string[];
}

/** Where and when an event was recorded: what a `Supersession` is told of it. */
export interface RecordedAt {
  readonly stream: string;
  /** ISO 8601, as the event's metadata has it. */
  readonly occurredAt: string;
}

/** A projector as the runtime holds it, whatever it handles. */
export type Projector = ProjectorDefinition<CinefoldEventType>;

/**
 * Declares a projector, its event types checked against the event catalogue: a misspelt type
 * does not compile, and its batches hold events of those types only.
 */
export function defineProjector<const Type extends CinefoldEventType>(
  definition: ProjectorDefinition<Type>,
): Projector {
  // Sound because the runtime hands a projector only the events of the types it handles.
  return definition as unknown as Projector;
}

/** Ends a switch over the event types a projector handles: a type left out does not compile. */
export function unhandled(event: never): never {
  throw new Error(`a projector was given an event it does not handle: ${(event as CinefoldEvent).type}`);
}

/**
 * The streams a recorded event stands for in a projector's read model (see `supersedes`). Reads
 * the event's metadata, not its data.
 */
export function streamsStoodFor(projector: Projector, recorded: RecordedEvent, now: Date): readonly string[] {
  const supersession = projector.supersedes;
  return supersession && recorded.type === supersession.by
    ? supersession.streams({ stream: recorded.stream, occurredAt: recorded.metadata.occurredAt }, now)
    : [];
}

/** The shape version a projector writes (see `ProjectorDefinition.version`). */
export function versionOf(projector: Pick<Projector, 'version'>): number {
  return projector.version ?? 1;
}

/** Events per batch of a projector that does not say (`batchSize`). */
const DEFAULT_BATCH_SIZE = 2000;

/**
 * Events per batch a projector is fed in, by the live runner, a rebuild and verify alike:
 * `batchSize` (DEFAULT_BATCH_SIZE when it has none), or `buildBatchSize` while the live runner
 * builds it at a start (`building`).
 */
export function batchSizeOf(projector: Projector, building = false): number {
  return (building ? projector.buildBatchSize : undefined) ?? projector.batchSize ?? DEFAULT_BATCH_SIZE;
}

/** What a projector's subscription must read of each event (see `Projector.payloadTypes`). */
export function payloadTypesOf(projector: Projector): readonly string[] | undefined {
  return projector.payloadTypes ?? (projector.handles === 'all' ? undefined : projector.handles);
}
