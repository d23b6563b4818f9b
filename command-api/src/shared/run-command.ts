import type { CinefoldEvent } from '@cinefold/contracts';
import {
  type AppendResult,
  type CommandContext,
  type EventLog,
  type StoredEvent,
  WrongExpectedVersionError,
} from '@cinefold/platform';

export interface CommandOutcome<State> {
  /** The state the decision was made on. */
  readonly state: State;
  /** What was appended; null when the decision was that nothing needed to change. */
  readonly result: AppendResult | null;
  readonly events: readonly CinefoldEvent[];
}

const ATTEMPTS = 5;

/**
 * Load a stream, fold it into state, decide, append at the revision it was read at. When someone
 * else appended in between, decide again on the new state; deciders stay pure and never see this.
 */
export async function runCommand<State>(
  log: EventLog,
  stream: string,
  fold: (events: readonly StoredEvent[]) => State,
  decide: (state: State) => readonly CinefoldEvent[],
  context: CommandContext,
): Promise<CommandOutcome<State>> {
  for (let attempt = 1; ; attempt++) {
    const history = await log.readStream(stream);
    const state = fold(history);
    const events = decide(state);
    if (events.length === 0) return { state, result: null, events };
    const expectedRevision = history.length === 0 ? 'no_stream' : history.at(-1)!.revision;
    try {
      const result = await log.append(stream, events, { expectedRevision, context });
      return { state, result, events };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= ATTEMPTS) throw error;
    }
  }
}
