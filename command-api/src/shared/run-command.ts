/**
 * Deciding a command on an aggregate's stream, at a cost that does not grow with the stream.
 *
 * An aggregate is described by a decider: the event types of its stream, `initialState`,
 * `evolve(state, event)` and `decide(state, command)`, all pure and typed by the aggregate's own
 * events (Emmett's decider, see ../shared/STYLE.md). Its state is kept in a snapshot beside the stream (the
 * event store's `saveSnapshot`, with the revision it covers): loading reads the snapshot, then
 * only the events after it. Whenever that tail has reached SNAPSHOT_EVERY events, the state is
 * saved again, so no decision reads more than about that many events however long the stream is.
 * A stream that has no snapshot yet (written before snapshots, or by an older shape of the state)
 * is read from its start once, a page at a time with other requests running in between, and the
 * snapshot saved then serves every decision after.
 */
import type { CinefoldEvent, CinefoldEventType } from '@cinefold/contracts';
import {
  type AppendResult,
  type CommandContext,
  type EventLog,
  type Snapshot,
  type StoredEvent,
  WrongExpectedVersionError,
} from '@cinefold/platform';

/** The events of the given types: an aggregate's own union. */
export type EventOf<Type extends CinefoldEventType> = Extract<CinefoldEvent, { readonly type: Type }>;

/** An event of an aggregate's stream, as `evolve` is given it: decoded, of one of its types. */
export type AggregateEvent<Event extends CinefoldEvent> = StoredEvent<Event> & { readonly event: Event };

/** How an aggregate's state is built from its events, and kept in a snapshot. */
export interface Evolver<State, Event extends CinefoldEvent> {
  /** The event types of the aggregate's stream; anything else there is passed over. */
  readonly events: readonly Event['type'][];
  readonly initialState: State;
  evolve(state: State, event: AggregateEvent<Event>): State;
  readonly snapshot: SnapshotShape<State>;
}

/**
 * The `default` of a switch over an aggregate's events or commands: the compiler proves it is
 * never reached (`what` is `never` there); at run time, anything else is an error.
 */
export function unknownInput(kind: 'event' | 'command', what: never): never {
  throw new Error(`unknown ${kind} ${JSON.stringify(what)}`);
}

export interface Decider<State, Command, Event extends CinefoldEvent> extends Evolver<State, Event> {
  decide(state: State, command: Command): readonly Event[];
}

/** The state as JSON in a snapshot. */
export interface SnapshotShape<State> {
  /**
   * Raised whenever the state's shape, or what `evolve` makes of an event, changes: a snapshot
   * of another version is passed over, and the stream read from its start once more.
   */
  readonly version: number;
  toJSON(state: State): unknown;
  fromJSON(json: unknown): State;
}

/** An aggregate's state and the revision of the last event in it (null: no stream yet). */
export interface Loaded<State> {
  readonly state: State;
  readonly revision: bigint | null;
}

/** Events read after the snapshot at which a new one is saved. */
export const SNAPSHOT_EVERY = 50;
/** Events read and folded at a time; other requests run between pages. */
const PAGE = 250;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The state after one stored event: evolved by it when it is one of the aggregate's. */
function evolveBy<State, Event extends CinefoldEvent>(
  evolver: Evolver<State, Event>,
  state: State,
  stored: StoredEvent,
): State {
  const event = stored.event;
  return event && (evolver.events as readonly string[]).includes(event.type)
    ? evolver.evolve(state, stored as AggregateEvent<Event>)
    : state;
}

/** The state `events` make from the initial state, all at once (a decider's specification uses it). */
export function foldEvents<State, Event extends CinefoldEvent>(
  evolver: Evolver<State, Event>,
  events: readonly StoredEvent[],
): State {
  return events.reduce((state, event) => evolveBy(evolver, state, event), evolver.initialState);
}

function fromSnapshot<State, Event extends CinefoldEvent>(
  evolver: Evolver<State, Event>,
  snapshot: Snapshot | null,
): Loaded<State> | null {
  const data = snapshot?.data as { v?: unknown; state?: unknown } | null | undefined;
  if (!snapshot || data?.v !== evolver.snapshot.version) return null;
  try {
    return { state: evolver.snapshot.fromJSON(data.state), revision: snapshot.revision };
  } catch {
    // Not one this code can read: the events are the truth, read them.
    return null;
  }
}

/** Folds the events after `from.revision` into its state: how many were read, and the result. */
async function readOn<State, Event extends CinefoldEvent>(
  log: EventLog,
  stream: string,
  evolver: Evolver<State, Event>,
  from: Loaded<State>,
): Promise<{ loaded: Loaded<State>; read: number }> {
  let { state, revision } = from;
  let read = 0;
  for (;;) {
    const page = await log.readStream(stream, {
      from: revision === null ? 0n : revision + 1n,
      maxCount: PAGE,
    });
    for (const event of page) {
      state = evolveBy(evolver, state, event);
      revision = event.revision;
    }
    read += page.length;
    if (page.length < PAGE) return { loaded: { state, revision }, read };
    await nextTurn();
  }
}

/** The aggregate's state now: its snapshot and the events after it (see the header). */
export async function loadState<State, Event extends CinefoldEvent>(
  log: EventLog,
  stream: string,
  evolver: Evolver<State, Event>,
): Promise<Loaded<State>> {
  const start = fromSnapshot(evolver, await log.store.readSnapshot(stream)) ?? {
    state: evolver.initialState,
    revision: null,
  };
  const { loaded, read } = await readOn(log, stream, evolver, start);
  if (read >= SNAPSHOT_EVERY && loaded.revision !== null) {
    await log.store.saveSnapshot(stream, {
      revision: loaded.revision,
      data: { v: evolver.snapshot.version, state: evolver.snapshot.toJSON(loaded.state) },
    });
  }
  return loaded;
}

export interface CommandOutcome<State, Event extends CinefoldEvent = CinefoldEvent> {
  /** The state the decision was made on. */
  readonly state: State;
  /** What was appended; null when the decision was that nothing needed to change. */
  readonly result: AppendResult | null;
  readonly events: readonly Event[];
}

const ATTEMPTS = 5;

/**
 * Load the aggregate, decide, append at the revision it was read at. When someone else appended
 * in between, fold in what they wrote and decide again; deciders stay pure and never see this.
 */
export async function runCommand<State, Command, Event extends CinefoldEvent>(
  log: EventLog,
  stream: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  context: CommandContext,
): Promise<CommandOutcome<State, Event>> {
  let loaded = await loadState(log, stream, decider);
  for (let attempt = 1; ; attempt++) {
    const events = decider.decide(loaded.state, command);
    if (events.length === 0) return { state: loaded.state, result: null, events };
    try {
      const result = await log.append(stream, events, {
        expectedRevision: loaded.revision ?? 'no_stream',
        context,
      });
      return { state: loaded.state, result, events };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= ATTEMPTS) throw error;
      loaded = (await readOn(log, stream, decider, loaded)).loaded;
    }
  }
}
