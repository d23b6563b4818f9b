/**
 * The test run's guard against processes left running (see platform/src/testing/leftovers.ts):
 * marks the run, and at its end, or when the runner is interrupted, kills what still carries the
 * mark, saying how many there were, so that a leak is seen and never keeps the run from ending.
 */
import { endTestRun, killLeftovers, markTestRun } from '@cinefold/platform/testing';

export default function setup(): () => void {
  const run = markTestRun();
  const sweep = (when: string, end = false) => {
    const killed = end ? endTestRun(run) : killLeftovers(run);
    if (killed.length > 0)
      process.stderr.write(
        `\ntests left ${killed.length} process(es) running ${when}: stopped ${killed.join(', ')}\n`,
      );
  };
  const onExit = () => sweep('when the runner exited', true);
  process.once('exit', onExit);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      sweep(`when the runner got ${signal}`);
      process.exit(130);
    });
  }
  return () => {
    process.off('exit', onExit);
    sweep('after the last test', true);
  };
}
