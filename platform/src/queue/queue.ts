/**
 * BullMQ queues and workers with a graceful shutdown.
 *
 * On shutdown a worker stops taking jobs and gives the running ones `graceMs` to finish. Then
 * it aborts their signal: a long job (an import, a replay) is written to notice the signal
 * between two batches, record how far it got and hand itself back to the queue with
 * `returnToQueue`, so the next worker resumes it instead of starting over.
 */
import { type Job, type JobState, Queue, WaitingError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../logging/logger.js';
import { asCluster, isCluster } from '../redis/cluster.js';
import { connectRedis } from '../redis/connect.js';

export interface JobContext {
  /** Aborted when the worker shuts down and the grace period is over. */
  readonly signal: AbortSignal;
  readonly token: string | undefined;
}

export type JobProcessor<Data, Result> = (job: Job<Data, Result>, context: JobContext) => Promise<Result>;

export interface RunningWorker {
  readonly worker: Worker;
  /** Stops taking jobs, lets running ones finish or return themselves, then disconnects. */
  close(): Promise<void>;
}

/**
 * On a cluster, each queue's keys carry a hash tag of its own, as BullMQ documents for Redis
 * Cluster (its scripts name several keys of a queue): `bull:{imports}:imports:…`. A single Redis
 * keeps BullMQ's default prefix, so jobs waiting across an upgrade are still found.
 */
function connectionFor(redis: Redis, name: string): { connection: Redis; prefix?: string } {
  // BullMQ gets ioredis's own cluster client: it runs its scripts and pipelines on one queue's slot.
  if (isCluster(redis)) return { connection: asCluster(redis) as unknown as Redis, prefix: `bull:{${name}}` };
  return { connection: redis };
}

export function createQueue<Data, Result>(name: string, redisUrl: string): Queue<Data, Result> {
  const connection = connectRedis(redisUrl, { name: `queue:${name}`, blocking: true });
  const queue = new Queue<Data, Result>(name, {
    ...connectionFor(connection, name),
    defaultJobOptions: {
      attempts: 3,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: 1000,
      removeOnFail: 5000,
    },
  });
  // The connection says once that it lost Redis and once that it is back (connectRedis); without a
  // listener here BullMQ would print every failed reconnection of the outage as well.
  queue.on('error', () => undefined);
  // BullMQ leaves a connection it was handed open on close (it could be shared); this one is the
  // queue's alone, and left open it kept reconnecting after the site stopped (and its process alive).
  const close = queue.close.bind(queue);
  queue.close = async () => {
    try {
      await close();
    } finally {
      connection.disconnect();
    }
  };
  return queue;
}

/**
 * The state of `job` as it was read. BullMQ asks the state apart from the read, so a job that
 * finished in between would be said to be completed (or failed) with what was read of it holding
 * no result (or reason) yet: it is reported as the read found it, running or waiting, and the next
 * read finds it finished. Said to be completed, an import's status had no result and its route
 * answered 404 at the moment the import completed; a verify was shown completed with no verdict.
 */
export async function jobStateAsRead(job: Job): Promise<JobState | 'unknown'> {
  const state = await job.getState();
  if ((state === 'completed' || state === 'failed') && !job.finishedOn)
    return job.processedOn ? 'active' : 'waiting';
  return state;
}

/** The reason a job's signal is aborted with when its lock lapsed. */
const LOCK_LOST = 'the job lost its lock';

export function startWorker<Data, Result>(
  name: string,
  processor: JobProcessor<Data, Result>,
  options: {
    redisUrl: string;
    logger: Logger;
    concurrency?: number;
    graceMs?: number;
    /** How long a job stays locked to a worker that stops renewing it (one that died) before another may take it. */
    lockDurationMs?: number;
    /**
     * How many times a job whose lock lapsed goes back to the queue before it is failed (BullMQ's
     * `maxStalledCount`, 1 by default): more for a job that resumes where it stopped.
     */
    maxStalledCount?: number;
  },
): RunningWorker {
  const connection: Redis = connectRedis(options.redisUrl, { name: `worker:${name}`, blocking: true });
  const worker = new Worker<Data, Result>(
    name,
    async (job, token, signal) => processor(job, { signal: signal ?? new AbortController().signal, token }),
    {
      ...connectionFor(connection, name),
      concurrency: options.concurrency ?? 1,
      autorun: true,
      ...(options.lockDurationMs
        ? { lockDuration: options.lockDurationMs, stalledInterval: options.lockDurationMs / 2 }
        : {}),
      ...(options.maxStalledCount === undefined ? {} : { maxStalledCount: options.maxStalledCount }),
    },
  );
  // A job whose lock could not be renewed (the process stopped answering for longer than the lock
  // lasts: a pause, a machine too busy) is no longer this worker's: the queue's stall check hands
  // it to the next attempt. Its signal is aborted so that it stops, rather than go on writing
  // beside that attempt; BullMQ only reports the lapse.
  worker.on('lockRenewalFailed', (jobIds) => {
    for (const jobId of jobIds) {
      options.logger.warn('a job lost its lock and is stopped: the queue hands it on', {
        queue: name,
        job: jobId,
      });
      worker.cancelJob(jobId, LOCK_LOST);
    }
  });
  worker.on('failed', (job, error) => {
    if (error instanceof WaitingError) return;
    options.logger.warn('job failed', { queue: name, job: job?.id, error });
  });
  worker.on('error', (error) => options.logger.error('worker error', { queue: name, error }));

  let closing: Promise<void> | undefined;
  return {
    worker,
    close() {
      closing ??= (async () => {
        const finished = worker.close();
        const grace = new Promise<'grace-over'>((resolve) =>
          setTimeout(() => resolve('grace-over'), options.graceMs ?? 10_000).unref(),
        );
        if ((await Promise.race([finished.then(() => 'finished' as const), grace])) === 'grace-over') {
          options.logger.info('asking running jobs to return to the queue', { queue: name });
          worker.cancelAllJobs('worker shutting down');
          await finished;
        }
        connection.disconnect();
      })();
      return closing;
    },
  };
}

/**
 * Puts a running job back in the waiting list (keeping its data and progress) and ends this
 * attempt without counting it as a failure. Call it from a processor whose signal was aborted:
 * at a shutdown, or when the job lost its lock (then the queue's stall check has put it back).
 */
export async function returnToQueue(job: Job, { signal, token }: JobContext): Promise<never> {
  // A job stopped for losing its lock is no longer this worker's to move: the stall check has it.
  if (signal.reason !== LOCK_LOST) await job.moveToWait(token);
  throw new WaitingError();
}
