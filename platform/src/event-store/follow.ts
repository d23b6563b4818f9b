/**
 * The loop of a live subscription to a log that other processes append to, where it learns of
 * their appends only by polling a counter of their commits (SQLite's `PRAGMA data_version`) and
 * of its own process's appends by being woken.
 *
 * The counter is read before each read of the log, never after it: a commit that lands while the
 * log is being read then shows as a changed counter at the next poll, and the loop reads again.
 * Read after, the counter already counted that commit, so the loop slept until some later commit
 * that might never come: a projector stayed one event behind the head of a log that had gone
 * quiet (seen after an import, whose last event landed while the projector read).
 */
export interface FollowLogOptions {
  /** The counter of other processes' commits. */
  readonly version: () => bigint;
  /** Reads and hands on what follows the subscriber's position; false when there was nothing. */
  readonly readNext: () => Promise<boolean>;
  /** How often the counter is polled while there is nothing to read. */
  readonly pollMs: number;
  /** Whether the loop should end (its store closed). */
  readonly ended: () => boolean;
  /** Registers a wake-up for appends made in this process; returns its removal. */
  readonly onAppend: (wake: () => void) => () => void;
}

export interface FollowedLog {
  /** Settles when the loop ends: closed, or a read or its handler failed (rejects then). */
  readonly done: Promise<void>;
  close(): Promise<void>;
}

export function followLog({ version, readNext, pollMs, ended, onAppend }: FollowLogOptions): FollowedLog {
  let stopped = false;
  let wake: (() => void) | undefined;

  const sleepUntilChangedSince = (seen: bigint) =>
    new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (stopped || ended() || version() !== seen) done();
      }, pollMs);
      const removeWaiter = onAppend(done);
      function done() {
        clearInterval(timer);
        removeWaiter();
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  const loop = async () => {
    while (!stopped && !ended()) {
      const seen = version();
      if (await readNext()) continue;
      if (stopped || ended()) break; // closed while it read: nothing would wake it now
      await sleepUntilChangedSince(seen);
    }
  };
  const done = loop();
  return {
    done,
    async close() {
      stopped = true;
      wake?.();
      await done.catch(() => undefined);
    },
  };
}
