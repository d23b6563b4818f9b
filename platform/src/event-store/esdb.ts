/**
 * The EventStoreDB / KurrentDB adapter of the event store port, over the maintained gRPC client
 * (`@kurrent/kurrentdb-client`, the successor of `@eventstore/db-client`; both server lines speak the
 * same protocol).
 *
 * An envelope maps onto an ESDB event as: `type` → event type, `id` → event id, `data` → JSON body,
 * and `version` plus our metadata → the event's JSON metadata `{ v, occurredAt, actor, correlationId,
 * causationId }`, so nothing of ours hides in stream names or payloads.
 *
 * The server keeps its own records in $all (event types starting with `$`: settings, stats, epochs);
 * the port promises only application events, so every read of $all drops them here.
 *
 * A stream's snapshot is the last event of a stream of its own beside it (`snapshotStream`), as
 * EventStoreDB's guidance has it, with `$maxCount` 1 so the server keeps only the newest. Those
 * streams are not the application's log either: reads of $all drop them like system records.
 */
import { randomUUID } from 'node:crypto';
import {
  type AllStreamResolvedEvent,
  ANY,
  BACKWARDS,
  convertToCommandError,
  END,
  ErrorType,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  type EventData,
  excludeSystemEvents,
  FORWARDS,
  START as FROM_START,
  isCommandError,
  type JSONType,
  KurrentDBClient,
  NO_STREAM,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import {
  type AppendResult,
  type BatchHandler,
  comparePositions,
  type EventMetadata,
  type EventStore,
  EventStoreUnavailableError,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type RecordedEvent,
  START,
  type SubscribeAllOptions,
  type Subscription,
  WrongExpectedVersionError,
} from './port.js';

/** Health checks run on a timer; a ping that hangs for the client's 10 s default is no answer. */
const PING_TIMEOUT_MS = 3000;
/** Reads of $all go in pages so that a huge `maxCount` never becomes one unbounded gRPC response. */
const READ_PAGE = 500;
/** Bursts of system events (stats) can sit on top of $all; the head scan widens to this after one. */
const HEAD_SCAN_PAGE = 100;
const DEFAULT_MAX_BATCH = 500;

const SNAPSHOT_PREFIX = 'snapshot-of-';
const SNAPSHOT_TYPE = 'Snapshot';
/** Where a stream's snapshot is kept. */
export const snapshotStream = (stream: string) => `${SNAPSHOT_PREFIX}${stream}`;

type ClientEvent = NonNullable<ResolvedEvent['event'] | AllStreamResolvedEvent['event']>;

export function createEsdbEventStore(connectionString: string): EventStore {
  // KurrentDB renamed the scheme; the client still reads the old one but warns on every start.
  const client = KurrentDBClient.connectionString(
    connectionString.trim().replace(/^esdb(\+discover)?:/i, 'kurrentdb$1:'),
  );
  const where = hostsOf(connectionString);
  const failure = (error: unknown) => describeFailure(error, where);
  const subscriptions = new Set<Subscription>();

  /** One page of $all in raw client form: system events included, since callers page on their positions. */
  const readAllPage = (
    direction: typeof FORWARDS | typeof BACKWARDS,
    from: Position | null,
    maxCount: number,
  ) =>
    collect<AllStreamResolvedEvent>(
      client.readAll({
        direction,
        fromPosition: from === null ? (direction === FORWARDS ? FROM_START : END) : from,
        maxCount,
      }),
    );

  async function append(
    stream: string,
    events: readonly NewEvent[],
    { expectedRevision }: { readonly expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    // Same refusal as the SQLite adapter: an empty append has no position to report.
    if (events.length === 0) throw new Error('append needs at least one event');
    try {
      const result = await client.appendToStream(stream, events.map(toEventData), {
        streamState:
          expectedRevision === 'no_stream' ? NO_STREAM : expectedRevision === 'any' ? ANY : expectedRevision,
      });
      if (!result.position) throw new Error(`EventStoreDB reported no position for the append to ${stream}`);
      return { nextRevision: result.nextExpectedRevision, position: result.position };
    } catch (error) {
      if (error instanceof EsdbWrongExpectedVersionError) {
        throw new WrongExpectedVersionError(stream, expectedRevision, actualRevision(error.actualState));
      }
      throw failure(error);
    }
  }

  return {
    kind: 'esdb',

    append,

    async appendMany(appends) {
      if (appends.some((a) => a.events.length === 0)) throw new Error('append needs at least one event');
      // One append per stream, all under way at once; a stream named twice is written once.
      const byStream = new Map<string, NewEvent[]>();
      for (const { stream, events } of appends) {
        const list = byStream.get(stream);
        if (list) list.push(...events);
        else byStream.set(stream, [...events]);
      }
      const written = new Map(
        await Promise.all(
          [...byStream].map(
            async ([stream, events]) =>
              [stream, await append(stream, events, { expectedRevision: 'any' })] as const,
          ),
        ),
      );
      return appends.map(({ stream }) => written.get(stream)!);
    },

    async readStream(stream, { from = 0n, maxCount } = {}) {
      if (maxCount !== undefined && maxCount <= 0) return [];
      try {
        const resolved = await collect<ResolvedEvent>(
          client.readStream(stream, {
            fromRevision: from > 0n ? from : FROM_START,
            ...(maxCount === undefined || maxCount === Number.POSITIVE_INFINITY ? {} : { maxCount }),
          }),
        );
        return resolved.flatMap((r) => (r.event ? [toRecorded(r.event)] : []));
      } catch (error) {
        if (error instanceof Error && isCommandError(error) && error.type === ErrorType.STREAM_NOT_FOUND)
          return [];
        throw failure(error);
      }
    },

    async readSnapshot(stream) {
      try {
        const [last] = await collect<ResolvedEvent>(
          client.readStream(snapshotStream(stream), { direction: BACKWARDS, fromRevision: END, maxCount: 1 }),
        );
        const data = last?.event?.data;
        if (!isRecord(data) || typeof data.revision !== 'string') return null;
        return { revision: BigInt(data.revision), data: data.state };
      } catch (error) {
        if (error instanceof Error && isCommandError(error) && error.type === ErrorType.STREAM_NOT_FOUND)
          return null;
        throw failure(error);
      }
    },

    async saveSnapshot(stream, { revision, data }) {
      const where = snapshotStream(stream);
      try {
        const written = await client.appendToStream(where, {
          id: randomUUID(),
          contentType: 'application/json',
          type: SNAPSHOT_TYPE,
          data: { revision: String(revision), state: data as JSONType },
          metadata: {},
        });
        // The first snapshot of a stream: from now on the server keeps only the newest.
        if (written.nextExpectedRevision === 0n) await client.setStreamMetadata(where, { maxCount: 1 });
      } catch (error) {
        throw failure(error);
      }
    },

    async deleteStream(stream) {
      for (const name of [stream, snapshotStream(stream)]) {
        try {
          await client.deleteStream(name, { expectedRevision: ANY });
        } catch (error) {
          if (error instanceof Error && isCommandError(error) && error.type === ErrorType.STREAM_NOT_FOUND)
            continue;
          throw failure(error);
        }
      }
    },

    async readStreamBackwards(stream, { from, maxCount }) {
      if ((from !== undefined && from < 0n) || maxCount <= 0) return [];
      try {
        const resolved = await collect<ResolvedEvent>(
          client.readStream(stream, { direction: BACKWARDS, fromRevision: from ?? END, maxCount }),
        );
        return resolved.flatMap((r) => (r.event ? [toRecorded(r.event)] : []));
      } catch (error) {
        if (error instanceof Error && isCommandError(error) && error.type === ErrorType.STREAM_NOT_FOUND)
          return [];
        throw failure(error);
      }
    },

    // `types` and `skipStreams` are hints this adapter does not use: every event is returned.
    async readAll({ from = START, maxCount = Number.POSITIVE_INFINITY }: ReadAllOptions = {}) {
      const found: RecordedEvent[] = [];
      // ESDB reads $all forwards *inclusive* of the position given; the port is exclusive, so the
      // event sitting at the cursor is dropped and each page asks for one more than it needs.
      let cursor = comparePositions(from, START) === 0 ? null : from;
      try {
        while (found.length < maxCount) {
          const size = Math.min(READ_PAGE, maxCount - found.length + 1);
          const page = await readAllPage(FORWARDS, cursor, size);
          for (const { event } of page) {
            if (!event || !isApplicationEvent(event)) continue;
            if (cursor && comparePositions(event.position, cursor) <= 0) continue;
            found.push(toRecorded(event));
            if (found.length >= maxCount) break;
          }
          const last = page.at(-1)?.event?.position;
          if (page.length < size || !last || (cursor && comparePositions(last, cursor) <= 0)) break;
          cursor = last;
        }
      } catch (error) {
        throw failure(error);
      }
      return found;
    },

    subscribeAll(options, handler) {
      const subscription = openSubscription(client, where, options, handler);
      subscriptions.add(subscription);
      subscription.done.then(
        () => subscriptions.delete(subscription),
        () => subscriptions.delete(subscription),
      );
      return subscription;
    },

    async headPosition() {
      let cursor: Position | null = null;
      let size = 1;
      try {
        for (;;) {
          const page = await readAllPage(BACKWARDS, cursor, size);
          for (const { event } of page) {
            if (!event) continue;
            // Backwards reads are exclusive on the server already; this only guards a second page.
            if (cursor && comparePositions(event.position, cursor) >= 0) continue;
            if (isApplicationEvent(event)) return event.position;
          }
          const oldest = page.at(-1)?.event?.position;
          if (page.length < size || !oldest) return START;
          cursor = oldest;
          size = HEAD_SCAN_PAGE;
        }
      } catch (error) {
        throw failure(error);
      }
    },

    async ping() {
      const probe = client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 });
      try {
        await withinDeadline(
          collect(probe),
          PING_TIMEOUT_MS,
          () =>
            new EventStoreUnavailableError(
              `EventStoreDB at ${where} did not answer within ${PING_TIMEOUT_MS / 1000} s`,
            ),
        );
      } catch (error) {
        // Without this a server that never answers would keep the probe's call open for ever.
        probe.return?.().catch(() => undefined);
        throw failure(error);
      }
    },

    async close() {
      await Promise.all([...subscriptions].map((s) => s.close()));
      await client.dispose();
    },
  };
}

function openSubscription(
  client: KurrentDBClient,
  where: string,
  { from = START, maxBatch = DEFAULT_MAX_BATCH }: SubscribeAllOptions,
  handler: BatchHandler,
): Subscription {
  const feed = client.subscribeToAll(
    {
      fromPosition: comparePositions(from, START) === 0 ? FROM_START : from,
      // Filtering on the server keeps system traffic (stats every few seconds) off the wire.
      filter: excludeSystemEvents(),
    },
    // The client's stream buffers this many events while paused, so one batch is ready when the handler returns.
    { highWaterMark: maxBatch },
  );

  let buffer: RecordedEvent[] = [];
  let draining: Promise<void> | null = null;
  let stopped = false;
  let settle!: { resolve: () => void; reject: (error: unknown) => void };
  const done = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });

  const stop = (error?: unknown) => {
    if (stopped) return;
    stopped = true;
    buffer = [];
    feed.unsubscribe().catch(() => undefined);
    if (error === undefined) settle.resolve();
    else settle.reject(error);
  };

  const drain = async () => {
    while (!stopped && buffer.length > 0) {
      // Backpressure: nothing more is read off the wire while the handler works.
      feed.pause();
      const batch = buffer.splice(0, maxBatch);
      try {
        // Every event is delivered here (`types` and `skipStreams` are hints this adapter does not use).
        await handler(batch, { readUpTo: batch.at(-1)!.position });
      } catch (error) {
        stop(error);
      }
    }
    draining = null;
    if (!stopped) feed.resume();
  };

  feed.on('data', (resolved: AllStreamResolvedEvent) => {
    if (stopped) return;
    const event = resolved.event;
    // The server filter already drops system events and starts after `from`; checked again because
    // a dropped event here would be lost to a projector for good.
    if (event && isApplicationEvent(event) && comparePositions(event.position, from) > 0) {
      buffer.push(toRecorded(event));
    }
    if (buffer.length >= maxBatch) feed.pause();
    // Waiting one turn lets events that arrived together go out as one batch.
    if (!draining && buffer.length > 0) draining = new Promise(setImmediate).then(drain);
  });
  feed.on('error', (error: Error) => stop(describeFailure(error, where)));
  feed.on('end', () =>
    stop(new EventStoreUnavailableError(`EventStoreDB at ${where} ended the subscription to $all`)),
  );

  return {
    done,
    async close() {
      stop();
      await draining;
    },
  };
}

function toEventData(event: NewEvent): EventData {
  return {
    id: event.id ?? randomUUID(),
    contentType: 'application/json',
    type: event.type,
    // The client only JSON-encodes `data`; the port's `unknown` is JSON by contract.
    data: event.data as JSONType,
    // Without a correlation id (an anonymous high-volume event) neither id is sent: it is read
    // back with its own id as correlation id (see toRecorded).
    metadata:
      event.metadata.correlationId === undefined
        ? { v: event.version, occurredAt: event.metadata.occurredAt, actor: event.metadata.actor }
        : {
            v: event.version,
            occurredAt: event.metadata.occurredAt,
            actor: event.metadata.actor,
            correlationId: event.metadata.correlationId,
            causationId: event.metadata.causationId,
          },
  };
}

function toRecorded(event: ClientEvent): RecordedEvent {
  const stored = isRecord(event.metadata) ? event.metadata : {};
  // Events written by other tools (the ESDB UI, scripts) lack our metadata; they still have to be
  // readable in global order, so missing fields get neutral values instead of failing the read.
  const metadata: EventMetadata = {
    occurredAt: typeof stored.occurredAt === 'string' ? stored.occurredAt : event.created.toISOString(),
    actor: typeof stored.actor === 'string' ? stored.actor : 'unknown',
    correlationId: typeof stored.correlationId === 'string' ? stored.correlationId : event.id,
    causationId: typeof stored.causationId === 'string' ? stored.causationId : null,
  };
  return {
    id: event.id,
    stream: event.streamId,
    revision: event.revision,
    // Stream reads from servers older than 22.6 carry no real $all position (commit = 2^64-1); only
    // positions from readAll/subscribeAll are meant for checkpoints.
    position: event.position ?? START,
    type: event.type,
    version: typeof stored.v === 'number' ? stored.v : 1,
    data: event.data,
    metadata,
  };
}

/** Neither the server's own records nor a snapshot. */
function isApplicationEvent(event: ClientEvent): boolean {
  return !event.type.startsWith('$') && !event.streamId.startsWith(SNAPSHOT_PREFIX);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array)
  );
}

async function collect<T>(read: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of read) items.push(item);
  return items;
}

async function withinDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  try {
    return await Promise.race([work, expiry]);
  } finally {
    clearTimeout(timer);
  }
}

/** `host:port` (or the list of them) from a connection string, without credentials, for error messages. */
function hostsOf(connectionString: string): string {
  const match = /^[a-z+]+:\/\/(?:[^@/?]*@)?([^/?]+)/i.exec(connectionString.trim());
  return match?.[1] ?? 'an unparsable address';
}

const TRANSPORT_FAILURES = new Set<string>([
  ErrorType.UNAVAILABLE,
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.TIMEOUT,
  ErrorType.CANCELLED,
]);

/**
 * Turns the client's transport failures into one readable `EventStoreUnavailableError`; anything
 * else (a bug, a refused permission) passes through unchanged so it is not mistaken for an outage.
 */
function describeFailure(error: unknown, where: string): unknown {
  if (error instanceof EventStoreUnavailableError || error instanceof WrongExpectedVersionError) return error;
  if (!(error instanceof Error)) return error;
  const converted = convertToCommandError(error);
  const transport = isCommandError(converted) && TRANSPORT_FAILURES.has(converted.type);
  // Cluster discovery gives up with a plain Error once no node answers gossip.
  const discovery = !isCommandError(converted) && error.message.startsWith('Failed to discover');
  if (!transport && !discovery) return converted;
  // gRPC wraps the useful part ("connect ECONNREFUSED …") in status codes and empty notes.
  const reason = converted.message
    .replace(/^\d+ [A-Z_]+: /, '')
    .replace('Last error: Error: ', 'Last error: ')
    .replace(/\s*Resolution note:\s*$/, '');
  return new EventStoreUnavailableError(`EventStoreDB at ${where} is unreachable: ${reason}`, {
    cause: error,
  });
}

/** The port's view of the server's current state of a stream in a refused append. */
function actualRevision(state: bigint | string): bigint | 'no_stream' {
  return typeof state === 'bigint' ? state : 'no_stream';
}
