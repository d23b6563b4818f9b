import { queuedImport } from '@cinefold/contracts';
import {
  createLogger,
  createQueue,
  type ImportJobData,
  importJobStatus,
  startWorker,
} from '@cinefold/platform';
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

it('a queued import no worker has taken yet reports the type and mode it was asked for, then its failure', async () => {
  const queue = createQueue<ImportJobData, unknown>('queued-imports', redisServer.url);
  await queue.add('import', { jobId: 'job-tv', type: 'tv', mode: 'replace' }, { jobId: 'job-tv' });
  expect(await importJobStatus(queue, 'job-tv')).toEqual(queuedImport('job-tv', 'tv', 'replace'));
  expect(await importJobStatus(queue, 'no-such-job')).toBeNull();

  const worker = startWorker<ImportJobData, unknown>(
    'queued-imports',
    async () => {
      throw new Error('the file is gone');
    },
    { redisUrl: redisServer.url, logger, graceMs: 1_000 },
  );
  await expect.poll(() => importJobStatus(queue, 'job-tv')).toMatchObject({ state: 'failed' });
  expect(await importJobStatus(queue, 'job-tv')).toEqual({
    ...queuedImport('job-tv', 'tv', 'replace'),
    state: 'failed',
    error: 'the file is gone',
  });
  await worker.close();
  await queue.close();
});
