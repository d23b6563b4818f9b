/**
 * Loaded into a service with `--import` by a benchmark that needs to know how long the service's
 * event loop was held: on SIGUSR2 it writes, for the time since the last report, to
 * EVENT_LOOP_REPORT (JSON, with a sequence number):
 * - `maxMs` and `p99Ms`: the event loop's delay (a 1 ms timer, `monitorEventLoopDelay`): how long
 *   a request could have waited, whatever the reason, other processes of the machine included;
 * - `longestRunMs`: the most CPU time the main thread used between two turns of a 1 ms timer
 *   (Linux's per-thread scheduler statistics), which is the process's own work alone: on a
 *   machine shared with other work, the delay also counts the time the thread was not running.
 *   The kernel brings a running thread's count up to date at each tick (a few milliseconds).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.EVENT_LOOP_REPORT;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  const mainThreadCpuNs = () => Number(readFileSync(schedstat, 'utf8').split(' ')[0]);
  let longestRunNs = 0;
  let last = mainThreadCpuNs();
  setInterval(() => {
    const now = mainThreadCpuNs();
    longestRunNs = Math.max(longestRunNs, now - last);
    last = now;
  }, 1).unref();
  let sequence = 0;
  process.on('SIGUSR2', () => {
    sequence++;
    const report = {
      sequence,
      maxMs: delay.max / 1e6,
      p99Ms: delay.percentile(99) / 1e6,
      longestRunMs: longestRunNs / 1e6,
    };
    writeFileSync(file, JSON.stringify(report));
    delay.reset();
    longestRunNs = 0;
  });
}
