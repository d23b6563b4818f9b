/**
 * The projectors service: one live runner per projector, and a BullMQ worker that runs replay
 * jobs (an admin action or `npm run replay` on a scaled deployment enqueues them).
 */
import {
  connectRedis,
  createQueue,
  QUEUES,
  type ReplayJobData,
  type VerifyJobData,
  encodePosition,
  type EventStore,
  type JobProcessor,
  type Logger,
  type RunningWorker,
  OLD_LAYOUT,
  returnToQueue,
  scanKeys,
  startWorker,
  unlinkKeys,
} from '@cinefold/platform';
import { type Projector, versionOf } from '@cinefold/read-models';
import type { Job, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { findProjectors } from './registry.js';
import { type RebuildProgress, type RebuildResult, rebuildProjection } from './runtime/rebuild.js';
import { LiveProjectionRunner, servingVersion } from './runtime/runner.js';
import { verifyProjection } from './runtime/verify.js';

export const REPLAY_QUEUE = QUEUES.projectionReplay;
export const VERIFY_QUEUE = QUEUES.projectionVerify;

/** What a verify job returns: the verdict, with the first differing keys (the console shows them). */
export interface VerifyJobResult {
  readonly verdict: 'equal' | 'different' | 'moved';
  readonly servingGeneration: number;
  readonly position: string;
  readonly keys: number;
  readonly differing: readonly string[];
  readonly servingChecksum: string;
  readonly rebuiltChecksum: string;
}
export type ReplayJobProgress = RebuildProgress;

export interface ProjectorsService {
  /** Settles once every runner has its active generation, so health can tell built from building. */
  readonly started: Promise<void>;
  stop(): Promise<void>;
}

export function createReplayQueue(redisUrl: string): Queue<ReplayJobData, RebuildResult> {
  return createQueue<ReplayJobData, RebuildResult>(REPLAY_QUEUE, redisUrl);
}

export function startProjectorsService(options: {
  store: EventStore;
  redisUrl: string;
  logger: Logger;
  /** How long a running replay may keep going after stop() before it is handed back to the queue. */
  replayGraceMs?: number;
}): ProjectorsService {
  const { store, redisUrl, logger } = options;
  const connections: Redis[] = [];
  const connection = (name: string) => {
    const redis = connectRedis(redisUrl, { name, blocking: true });
    connections.push(redis);
    return redis;
  };
  const runners = findProjectors([]).map(
    (projector) =>
      new LiveProjectionRunner(projector, {
        store,
        redis: connection(`projector:${projector.name}`),
        logger: logger.child(projector.name),
      }),
  );
  for (const runner of runners) runner.start();

  /**
   * A job on one projector (`job.data.projector`), with a Redis connection of its own while it
   * runs; stopped by a shutdown, it goes back to the queue and the next worker starts it over.
   */
  const projectorJob =
    <D extends { readonly projector: string }, R>(
      kind: string,
      run: (projector: Projector, redis: Redis, job: Job<D, R>, signal: AbortSignal) => Promise<R>,
    ): JobProcessor<D, R> =>
    async (job, context) => {
      const { signal } = context;
      const [projector] = findProjectors([job.data.projector]);
      const redis = connection(`${kind}:${job.id}`);
      try {
        return await run(projector!, redis, job, signal);
      } catch (error) {
        if (signal.aborted) return returnToQueue(job, context);
        throw error;
      } finally {
        redis.disconnect();
      }
    };

  const replayWorker: RunningWorker = startWorker<ReplayJobData, RebuildResult>(
    REPLAY_QUEUE,
    projectorJob('replay', (projector, redis, job, signal) =>
      rebuildProjection(projector, {
        store,
        redis,
        signal,
        ...(job.data.generation === undefined ? {} : { generation: job.data.generation }),
        onGenerationAllocated: (generation) => job.updateData({ ...job.data, generation }),
        onProgress: (progress) => job.updateProgress({ ...progress }),
      }),
    ),
    {
      redisUrl,
      logger: logger.child('replay'),
      ...(options.replayGraceMs === undefined ? {} : { graceMs: options.replayGraceMs }),
    },
  );

  // Verifies compare every key, so one at a time; the scratch generation is deleted either way.
  const verifyWorker: RunningWorker = startWorker<VerifyJobData, VerifyJobResult>(
    VERIFY_QUEUE,
    projectorJob('verify', async (projector, redis, _job, signal) => {
      const result = await verifyProjection(projector, { store, redis, signal });
      return {
        verdict: result.verdict,
        servingGeneration: result.servingGeneration,
        position: encodePosition(result.position),
        keys: result.keys,
        differing: result.differing.slice(0, 50),
        servingChecksum: result.servingChecksum,
        rebuiltChecksum: result.rebuiltChecksum,
      };
    }),
    { redisUrl, logger: logger.child('verify') },
  );

  const started = Promise.all(runners.map((r) => r.started)).then(() => undefined);
  const upgrading = started.then(() =>
    upgradeReadModels(
      runners.map((r) => r.projector),
      connection('upgrade'),
      redisUrl,
      logger,
    )
      .catch((error: unknown) => logger.error('could not check the read models’ versions', { error }))
      .then(() =>
        dropOldLayout(
          runners.map((r) => r.projector.name),
          connection('old-layout'),
          logger,
        ),
      )
      .catch((error: unknown) => logger.error('could not delete the read models’ old keys', { error })),
  );

  return {
    started,
    async stop() {
      await upgrading;
      await verifyWorker.close();
      await replayWorker.close();
      await Promise.all(runners.map((r) => r.stop()));
      for (const redis of connections) redis.disconnect();
    },
  };
}

/**
 * Deletes the keys of read models in the layout before the hash tags (`OLD_LAYOUT`), left by a
 * site upgraded in place: nothing reads them (the runners built the read models again from the
 * events under the new keys). One EXISTS a projector when there are none, so a start does not
 * scan the keyspace for nothing. Returns how many keys went.
 */
export async function dropOldLayout(
  projectors: readonly string[],
  redis: Redis,
  logger: Logger,
): Promise<number> {
  let dropped = 0;
  for (const projector of projectors) {
    if ((await redis.exists(OLD_LAYOUT.marker(projector))) === 0) continue;
    // The marker goes last: a start stopped half-way scans again next time.
    for await (const keys of scanKeys(redis, OLD_LAYOUT.pattern(projector))) {
      const others = keys.filter((key) => key !== OLD_LAYOUT.marker(projector));
      await unlinkKeys(redis, others);
      dropped += others.length;
    }
    dropped += await redis.unlink(OLD_LAYOUT.marker(projector));
  }
  if (dropped > 0)
    logger.info('deleted the read models’ keys of the layout before the hash tags', { keys: dropped });
  return dropped;
}

/**
 * Read models whose serving generation was built by another shape of their projector (a
 * projector's `version` raised by an upgrade) are rebuilt beside it, as `npm run replay` would:
 * the old generation keeps serving until the new one switches in. The job id names the version,
 * so several projectors processes starting together queue one rebuild.
 */
export async function upgradeReadModels(
  projectors: readonly Projector[],
  redis: Redis,
  redisUrl: string,
  logger: Logger,
): Promise<string[]> {
  const stale: Projector[] = [];
  for (const projector of projectors) {
    const serving = await servingVersion(redis, projector.name);
    if (serving !== null && serving !== versionOf(projector)) stale.push(projector);
  }
  if (stale.length === 0) return [];
  const queue = createReplayQueue(redisUrl);
  try {
    for (const projector of stale) {
      logger.info(
        'the read model was built by another version of its projector: rebuilding it beside the serving one',
        {
          projector: projector.name,
          version: versionOf(projector),
        },
      );
      await queue.add(
        'replay',
        { projector: projector.name },
        { jobId: `upgrade-${projector.name}-v${versionOf(projector)}`, attempts: 3 },
      );
    }
  } finally {
    await queue.close();
  }
  return stale.map((p) => p.name);
}
