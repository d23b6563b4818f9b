import { createLogger, createQueue, jobStateAsRead, type RunningWorker, startWorker } from '../src/index.js';
import { useRedisServer } from '../src/testing/index.js';
import { afterEach, expect, it } from 'vitest';

const redisServer = useRedisServer();
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

it('reports a job read before it finished as the read found it, and once read finished, finished', async () => {
  const queue = createQueue<{ projector: string }, { verdict: string }>('job-state', redisServer.url);
  closing.push(() => queue.close());
  const added = await queue.add('verify', { projector: 'users' });
  // Read before any worker runs: waiting.
  const waitingRead = (await queue.getJob(added.id!))!;
  expect(await jobStateAsRead(waitingRead)).toBe('waiting');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const worker: RunningWorker = startWorker<{ projector: string }, { verdict: string }>(
    'job-state',
    async () => {
      await held;
      return { verdict: 'equal' };
    },
    { redisUrl: redisServer.url, logger: createLogger('test'), concurrency: 1 },
  );
  closing.unshift(() => worker.close());

  await expect.poll(async () => (await queue.getJob(added.id!))!.getState()).toBe('active');
  const runningRead = (await queue.getJob(added.id!))!;

  release();
  await expect.poll(async () => (await queue.getJob(added.id!))!.getState()).toBe('completed');
  // Read before it finished: no result in what was read, so not reported completed.
  expect(await jobStateAsRead(runningRead)).toBe('active');
  expect(await jobStateAsRead(waitingRead)).toBe('waiting');
  const finishedRead = (await queue.getJob(added.id!))!;
  expect(await jobStateAsRead(finishedRead)).toBe('completed');
  expect(finishedRead.returnvalue).toEqual({ verdict: 'equal' });
});
