/**
 * The typed face of the event store: appends only events the catalogue describes, with
 * validated payloads and full metadata, and reads them back upcast to their current shape.
 */
import { randomUUID } from 'node:crypto';
import { type CinefoldEvent, eventCatalogue } from '@cinefold/contracts';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  NewEventMetadata,
  Position,
  ReadStreamOptions,
  RecordedEvent,
} from '../event-store/port.js';
import { processMetrics } from '../metrics/metrics.js';

/**
 * Who caused an event, and when. Without a correlation id the event is stored with neither a
 * correlation nor a causation id (an anonymous high-volume event: `eventContext`), and reads back
 * as its own correlation, with no cause, as the first event of any chain does.
 */
export interface EventContext {
  readonly actor: string;
  readonly correlationId?: string;
  readonly causationId?: string | null;
  /** The clock is an input: deciders never read it themselves. */
  readonly now: Date;
}

/** Who and what caused a command: carried into every event it appends. */
export interface CommandContext extends EventContext {
  readonly correlationId: string;
  readonly causationId: string | null;
}

export function systemContext(now = new Date()): CommandContext {
  return { actor: 'system', correlationId: randomUUID(), causationId: null, now };
}

/** A stored event, decoded. `event` is null for a type this code does not know (newer code wrote it). */
export interface StoredEvent<Event extends CinefoldEvent = CinefoldEvent> {
  readonly id: string;
  readonly stream: string;
  readonly revision: bigint;
  readonly position: Position;
  readonly type: string;
  readonly metadata: EventMetadata;
  readonly event: Event | null;
}

/**
 * Decodes lazily: the payload is validated (and upcast) when `event` is first read, so a reader
 * that only needs the envelope (the event counts) is never stopped by a payload it does not use;
 * the envelope's fields are the recorded event's, read when asked for (an adapter may work them
 * out only then). A class, so that a replay's millions of events cost an object each, not an
 * object and its closures.
 */
class DecodedEvent implements StoredEvent {
  #decoded: CinefoldEvent | null = null;
  #done = false;

  constructor(private readonly recorded: RecordedEvent) {}

  get id(): string {
    return this.recorded.id;
  }
  get stream(): string {
    return this.recorded.stream;
  }
  get revision(): bigint {
    return this.recorded.revision;
  }
  get position(): Position {
    return this.recorded.position;
  }
  get type(): string {
    return this.recorded.type;
  }
  get metadata(): EventMetadata {
    return this.recorded.metadata;
  }
  get event(): CinefoldEvent | null {
    if (!this.#done) {
      const { recorded } = this;
      this.#decoded = eventCatalogue.decode(recorded.type, recorded.version, recorded.data);
      this.#done = true;
    }
    return this.#decoded;
  }
}

export const decodeEvent = (recorded: RecordedEvent): StoredEvent => new DecodedEvent(recorded);

export interface EventLog {
  readonly store: EventStore;
  append(
    stream: string,
    events: readonly CinefoldEvent[],
    options: { expectedRevision: ExpectedRevision; context: CommandContext },
  ): Promise<AppendResult>;
  /** See `EventStore.readStream`: from a revision, at most `maxCount`, all by default. */
  readStream(stream: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
}

/** Validates events against the catalogue and stamps them with the command's metadata. */
export function encodeEvents(events: readonly CinefoldEvent[], context: EventContext): NewEvent[] {
  const metadata: NewEventMetadata =
    context.correlationId === undefined
      ? { occurredAt: context.now.toISOString(), actor: context.actor }
      : {
          occurredAt: context.now.toISOString(),
          actor: context.actor,
          correlationId: context.correlationId,
          causationId: context.causationId ?? null,
        };
  return events.map((event) => ({ ...eventCatalogue.encode(event), metadata }));
}

export function createEventLog(store: EventStore): EventLog {
  return {
    store,
    async append(stream, events, { expectedRevision, context }) {
      const result = await store.append(stream, encodeEvents(events, context), { expectedRevision });
      processMetrics.eventsAppended.inc({ path: 'command' }, events.length);
      return result;
    },
    async readStream(stream, options) {
      return (await store.readStream(stream, options)).map(decodeEvent);
    },
  };
}
