/**
 * The event store port: the only way any Cinefold service touches the log of events.
 *
 * Two adapters implement it (embedded SQLite, EventStoreDB) and one contract suite
 * (`contract.ts`) proves they behave alike. Everything above this port works on raw
 * envelopes; validation against the event catalogue happens one layer up, in
 * `typed-store.ts`, so the adapters stay dumb and interchangeable.
 */

import type { EventPosition } from '@cinefold/contracts';

/**
 * A place in the global order of all events ($all).
 *
 * Opaque to callers except for ordering: compare with `comparePositions`, carry across
 * process boundaries with `encodePosition` / `decodePosition`. The codec lives in contracts,
 * where the browser reads the same positions from the `X-Event-Position` header.
 */
export type Position = EventPosition;
export { comparePositions, decodePosition, encodePosition } from '@cinefold/contracts';

/** Before the first event: reading or subscribing from here delivers everything. */
export const START: Position = Object.freeze({ commit: -1n, prepare: -1n });

export type ExpectedRevision = 'no_stream' | 'any' | bigint;

/** What a caller hands to `append`. */
export interface NewEvent {
  /** Unique per event; an adapter generates one when absent. */
  readonly id?: string;
  readonly type: string;
  /** Schema version of `data`, used by upcasters when a payload changes shape. */
  readonly version: number;
  readonly data: unknown;
  readonly metadata: NewEventMetadata;
}

/**
 * Metadata as appended. An event appended without a correlation id (an anonymous high-volume
 * event, which nothing follows from) is read back with its own id as correlation id and no cause.
 */
export type NewEventMetadata =
  | EventMetadata
  | {
      readonly occurredAt: string;
      readonly actor: string;
      readonly correlationId?: never;
      readonly causationId?: never;
    };

export interface EventMetadata {
  /** ISO-8601 instant at which the fact happened, decided by the caller (never inside `decide`). */
  readonly occurredAt: string;
  /** Who caused it: a user id, or `system` for start-up jobs and workers. */
  readonly actor: string;
  readonly correlationId: string;
  readonly causationId: string | null;
}

/** An event as it was stored. */
export interface RecordedEvent {
  readonly id: string;
  readonly stream: string;
  /** 0-based position of this event inside its stream. */
  readonly revision: bigint;
  /** Position in $all. */
  readonly position: Position;
  readonly type: string;
  readonly version: number;
  readonly data: unknown;
  readonly metadata: EventMetadata;
}

export interface AppendResult {
  /** Revision of the last event written: pass it as `expectedRevision` for the next append. */
  readonly nextRevision: bigint;
  /** Position of the last event written: readers wait for projectors to pass it. */
  readonly position: Position;
}

/** One stream's share of an `appendMany`. */
export interface StreamAppend {
  readonly stream: string;
  readonly events: readonly NewEvent[];
}

export interface ReadStreamOptions {
  /** The first revision to read (inclusive). */
  readonly from?: bigint;
  readonly maxCount?: number;
}

/**
 * What a reader of a stream kept of it at `revision`, so that the next reader can start there
 * instead of at the stream's first event. `data` is the reader's JSON; the store never looks in it.
 */
export interface Snapshot {
  /** The revision of the last event the snapshot includes. */
  readonly revision: bigint;
  readonly data: unknown;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Defaults to START. */
  readonly from?: Position;
  readonly maxCount?: number;
  /** See `SubscribeAllOptions.payloadTypes`. */
  readonly payloadTypes?: readonly string[];
  /**
   * See `SubscribeAllOptions.types` and `skipStreams`: hints an adapter may follow. A read that
   * follows them returns fewer than `maxCount` events only once it has read the log to its head.
   */
  readonly types?: readonly string[];
  readonly skipStreams?: readonly string[];
}

export interface SubscribeAllOptions {
  /** Exclusive: events strictly after this position. Defaults to START. */
  readonly from?: Position;
  /** Upper bound on the events handed to the handler in one call (default 500). */
  readonly maxBatch?: number;
  /**
   * The event types whose `data` and `metadata` the reader will look at. Every event is still
   * delivered in order (positions are checkpoints), but an adapter may leave the payload of the
   * others unread; reading it then throws. A projector that ignores most of the log (the account
   * projectors during a million-row import) skips copying every payload out of the store.
   */
  readonly payloadTypes?: readonly string[];
  /**
   * The event types the reader handles. An adapter may skip the others in the store (the SQLite
   * one does: a projector of accounts then never sees a million imported titles) or deliver them
   * anyway; the reader filters either way. What was skipped is accounted for by `readUpTo`.
   */
  readonly types?: readonly string[];
  /**
   * Streams whose events the reader can do without, because a later event in the log stands for
   * them (a closed day's totals for that day's page views). As with `types`, an adapter may leave
   * them unread (the SQLite one does) or deliver them anyway, and the reader must come to the same
   * result either way. What was skipped is accounted for by `readUpTo`.
   */
  readonly skipStreams?: readonly string[];
}

export interface BatchProgress {
  /**
   * How far the log has been read: every event up to here of the types subscribed to is in this
   * batch or an earlier one. A checkpoint may move here, past events that were skipped. A batch
   * may be empty when everything read was skipped.
   */
  readonly readUpTo: Position;
}

/**
 * Receives events in global order, in batches. The next batch is not delivered until the
 * returned promise settles; a rejection ends the subscription (see `Subscription.done`).
 */
export type BatchHandler = (events: readonly RecordedEvent[], progress: BatchProgress) => Promise<void>;

export interface Subscription {
  /** Stops delivery; resolves once no handler call is running. */
  close(): Promise<void>;
  /** Settles when the subscription ends: resolves after `close`, rejects on a handler or transport error. */
  readonly done: Promise<void>;
}

export interface EventStore {
  /**
   * Which adapter this is. SQLite positions count events (1, 2, 3, …), so the distance between
   * two positions is a number of events; EventStoreDB positions are log offsets.
   */
  readonly kind: 'sqlite' | 'esdb';

  /**
   * Appends events to one stream atomically.
   * @throws WrongExpectedVersionError when the stream is not at `expectedRevision`.
   */
  append(
    stream: string,
    events: readonly NewEvent[],
    options: { readonly expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;

  /**
   * Appends to several streams at once, each as with expected revision `any`: the path of
   * high-volume events decided against nothing (page views, ad beacons), whose concurrent
   * requests share one write (group commit). The embedded store writes them in one transaction;
   * EventStoreDB in one append per stream. Results come in the order of `appends`; when one stream
   * appears more than once an adapter may report the position of the group's last event for each.
   */
  appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  /**
   * The events of one stream in order, from revision `from` (inclusive; the first by default), at
   * most `maxCount` of them (all by default); an empty array when the stream does not exist.
   * However long the stream, a read never holds the process for long: the embedded store reads
   * it in pages and lets other work run between them.
   */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;

  /**
   * Up to `maxCount` events of one stream, newest first, starting at revision `from` (inclusive)
   * or at the newest event. A page of a long stream costs the page, not the stream.
   */
  readStreamBackwards(
    stream: string,
    options: { readonly from?: bigint; readonly maxCount: number },
  ): Promise<RecordedEvent[]>;

  /** Events of every stream in global order, after `from`. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;

  /**
   * The snapshot kept for a stream, or null. A snapshot is derived data beside the log, not an
   * event: no read of $all and no subscription shows it, and the head ignores it.
   */
  readSnapshot(stream: string): Promise<Snapshot | null>;

  /**
   * Keeps `snapshot` as the stream's snapshot in place of the one before: the embedded store keeps
   * the one of the highest revision, EventStoreDB the last saved (either is a state that was
   * true at its revision, which is all a reader needs). Deleting the stream deletes it.
   */
  saveSnapshot(stream: string, snapshot: Snapshot): Promise<void>;

  /** Catch up from `from`, then deliver new events live. At-least-once: handlers must tolerate repeats. */
  subscribeAll(options: SubscribeAllOptions, handler: BatchHandler): Subscription;

  /**
   * Deletes every event of a stream, for data kept only for a while (a day's page views after
   * the retention). Positions of the events left are unchanged and new ones still come after
   * every position ever given out, so checkpoints stay valid across the gap. The embedded store
   * removes the rows at once and gives the space back to the file (incremental vacuum), keeping
   * only the store's newest event should it belong to the stream (its position would otherwise be
   * given out again); EventStoreDB deletes the stream (soft delete): it reads as absent at once,
   * and its events leave $all at the server's next scavenge. The stream's snapshot goes with it.
   * Deleting a missing stream does nothing.
   */
  deleteStream(stream: string): Promise<void>;

  /** Position of the newest event, or START on an empty store. */
  headPosition(): Promise<Position>;

  /** Answers when the store can be reached; throws with a readable reason when not. */
  ping(): Promise<void>;

  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    /** Current revision, or 'no_stream' when the stream does not exist. */
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${stream} is at ${String(actual)}, expected ${String(expected)}`);
  }
}

/** The store could not be reached or answered in a way that is not the caller's fault. */
export class EventStoreUnavailableError extends Error {
  override readonly name = 'EventStoreUnavailableError';
}
