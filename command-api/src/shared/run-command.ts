/**
 * Deciding a command on an aggregate's stream, at a cost that does not grow with the stream.
 *
 * An aggregate is described by a decider: `initialState`, `evolve(state, event)` and
 * `decide(state, command)`, all pure. Its state is kept in a snapshot beside the stream (the
 * event store's `saveSnapshot`, with the revision it covers): loading reads the snapshot, then
 * only the events after it. Whenever that tail has reached SNAPSHOT_EVERY events, the state is
 * saved again, so no decision reads more than about that many events however long the stream is.
 * A stream that has no snapshot yet (written before snapshots, or by an older shape of the state)
 * is read from its start once, a page at a time with other requests running in between, and the
 * snapshot saved then serves every decision after.
 */
import type { CinefoldEvent } from '@cinefold/contracts';
import {
  type AppendResult,
  type CommandContext,
  type EventLog,
  type Snapshot,
  type StoredEvent,
  WrongExpectedVersionError,
} from '@cinefold/platform';

/** How an aggregate's state is built from its events, and kept in a snapshot. */
export interface Evolver<State> {
  readonly initialState: State;
  evolve(state: State, event: StoredEvent): State;
  readonly snapshot: SnapshotShape<State>;
}

export interface Decider<State, Command> extends Evolver<State> {
  decide(state: State, command: Command): readonly CinefoldEvent[];
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

/** The state `events` make from the initial state, all at once (a decider's specification uses it). */
export function foldEvents<State>(evolver: Evolver<State>, events: readonly StoredEvent[]): State {
  return events.reduce((state, event) => evolver.evolve(state, event), evolver.initialState);
}

function fromSnapshot<State>(evolver: Evolver<State>, snapshot: Snapshot | null): Loaded<State> | null {
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
async function readOn<State>(
  log: EventLog,
  stream: string,
  evolver: Evolver<State>,
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
      state = evolver.evolve(state, event);
      revision = event.revision;
    }
    read += page.length;
    if (page.length < PAGE) return { loaded: { state, revision }, read };
    await nextTurn();
  }
}

/** The aggregate's state now: its snapshot and the events after it (see the header). */
export async function loadState<State>(
  log: EventLog,
  stream: string,
  evolver: Evolver<State>,
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

export interface CommandOutcome<State> {
  /** The state the decision was made on. */
  readonly state: State;
  /** What was appended; null when the decision was that nothing needed to change. */
  readonly result: AppendResult | null;
  readonly events: readonly CinefoldEvent[];
}

const ATTEMPTS = 5;

/**
 * Load the aggregate, decide, append at the revision it was read at. When someone else appended
 * in between, fold in what they wrote and decide again; deciders stay pure and never see this.
 */
export async function runCommand<State, Command>(
  log: EventLog,
  stream: string,
  decider: Decider<State, Command>,
  command: Command,
  context: CommandContext,
): Promise<CommandOutcome<State>> {
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
