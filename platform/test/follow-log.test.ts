import { describe, expect, it } from 'vitest';
import { followLog } from '../src/event-store/follow.js';

/**
 * A log another process appends to, as a subscription sees it: a head it reads, and a counter of
 * that process's commits it polls. `commitDuringRead` makes the other process commit while the
 * subscriber is reading: after the head was read, before the read returns. No real store can be
 * made to commit at that instant on demand; under load (a garbage collection in the projectors'
 * process) it happened at the end of an import, and the projector stayed one event behind.
 */
function otherProcessLog() {
  const log = { head: 0, commits: 0n, commitDuringRead: false };
  const commit = () => {
    log.head++;
    log.commits++;
  };
  return { log, commit };
}

async function until(condition: () => boolean, timeoutMs = 1000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return true;
}

describe('following a log other processes append to', () => {
  it('reads a commit that landed while it was reading, though nothing is appended after it', async () => {
    const { log, commit } = otherProcessLog();
    let position = 0;
    const followed = followLog({
      version: () => log.commits,
      pollMs: 2,
      ended: () => false,
      onAppend: () => () => undefined,
      async readNext() {
        const head = log.head;
        if (log.commitDuringRead) {
          log.commitDuringRead = false;
          commit(); // the last append of the import, after the head was read
        }
        if (head <= position) return false;
        position = head;
        return true;
      },
    });
    commit();
    expect(await until(() => position === 1)).toBe(true);
    // The next read finds nothing new, and the other process's last commit lands during it.
    log.commitDuringRead = true;
    commit();
    expect(await until(() => position === log.head)).toBe(true);
    expect(log.head).toBe(3);
    await followed.close();
  });

  it('is woken by its own process, ends when closed, and rejects with a read that fails', async () => {
    const wakes = new Set<() => void>();
    let reads = 0;
    let failing = false;
    const followed = followLog({
      version: () => 0n, // nobody else commits
      pollMs: 10_000,
      ended: () => false,
      onAppend: (wake) => {
        wakes.add(wake);
        return () => wakes.delete(wake);
      },
      async readNext() {
        reads++;
        if (failing) throw new Error('the read failed');
        return false;
      },
    });
    expect(await until(() => wakes.size === 1)).toBe(true); // asleep after its first read
    expect(reads).toBe(1);
    for (const wake of wakes) wake();
    expect(await until(() => reads === 2)).toBe(true);
    failing = true;
    expect(await until(() => wakes.size === 1)).toBe(true);
    for (const wake of wakes) wake();
    await expect(followed.done).rejects.toThrow('the read failed');
    await followed.close(); // closing an ended loop is harmless

    // Closed as it reads or sleeps: it ends at once (no poll comes within the test's time), and
    // reads no more.
    const asleep = followLog({
      version: () => 0n,
      pollMs: 60_000,
      ended: () => false,
      onAppend: () => () => undefined,
      readNext: async () => {
        reads++;
        return false;
      },
    });
    const before = reads;
    await asleep.close();
    await expect(asleep.done).resolves.toBeUndefined();
    expect(reads).toBe(before);
  });
});
