import { createLogger, createQueue, startWorker } from '@cinefold/platform';
import { useRedisServer } from '@cinefold/platform/testing';
import { expect, it } from 'vitest';

const redisServer = useRedisServer();
const logger = createLogger('test');

it('a worker asked to stop lets a short running job finish before it closes', async () => {
  const queue = createQueue<{ n: number }, number>('short-jobs', redisServer.url);
  let started!: () => void;
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  const worker = startWorker<{ n: number }, number>(
    'short-jobs',
    async (job) => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return job.data.n * 2;
    },
    { redisUrl: redisServer.url, logger, graceMs: 5_000 },
  );
  const job = await queue.add('double', { n: 21 });
  await running;
  await worker.close();
  const finished = (await queue.getJob(job.id!))!;
  expect(await finished.getState()).toBe('completed');
  expect(finished.returnvalue).toBe(42);
  await queue.close();
});
