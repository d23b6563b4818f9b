/**
 * What `work` returned, how long it took, and the longest the process's thread was held meanwhile:
 * the longest gap between turns of the event loop, the stretch up to the work's end included (a
 * read of one statement has no other). A lock a worker renews on a timer, a request a site answers,
 * wait that long at worst.
 */
export async function heldWhile<T>(
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; longestMs: number }> {
  let running = true;
  let longestMs = 0;
  let last = performance.now();
  const turn = () => {
    const now = performance.now();
    longestMs = Math.max(longestMs, now - last);
    last = now;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  const started = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - started;
    longestMs = Math.max(longestMs, performance.now() - last);
    return { result, ms, longestMs };
  } finally {
    running = false;
  }
}
