/**
 * GET /admin/operations: what the operator's console shows, read on each poll: every projector's
 * generation, checkpoint, lag and speed, its latest rebuild and verify (the jobs the projectors
 * service runs), every queue's depth and the imports under way.
 */
import type {
  ImportJobStatus,
  OperationJobState,
  OperationsResponse,
  QueueDepth,
  RebuildStatus,
  VerifyStatus,
} from '@cinefold/contracts';
import {
  decodePosition,
  type EventStore,
  encodePosition,
  type Endpoint,
  endpoint,
  type ImportJobData,
  importJobStatus,
  jobStateAsRead,
  ok,
  type ReplayJobData,
  type VerifyJobData,
} from '@cinefold/platform';
import type { Job, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { projectorStatuses } from '../projections/status.js';
import { CheckpointRates } from './rates.js';

export interface OperationsReadsDependencies {
  readonly store: EventStore;
  readonly redis: Redis;
  readonly projectorNames: readonly string[];
  readonly replayQueue: Queue<ReplayJobData>;
  readonly verifyQueue: Queue<VerifyJobData>;
  readonly importQueue: Queue<ImportJobData>;
  /** Every queue of the site, for their depths. */
  readonly queues: readonly Queue[];
}

const KNOWN_STATES = new Set<OperationJobState>(['waiting', 'active', 'completed', 'failed', 'delayed']);
const ALL_STATES = ['active', 'waiting', 'delayed', 'completed', 'failed'] as const;

async function stateOf(job: Job): Promise<OperationJobState> {
  const state = await jobStateAsRead(job);
  return KNOWN_STATES.has(state as OperationJobState) ? (state as OperationJobState) : 'unknown';
}

/** The newest job of each projector in a queue (a queue keeps its last thousand). */
async function newestByProjector<Data extends { projector: string }>(
  queue: Queue<Data>,
): Promise<Map<string, Job<Data>>> {
  const jobs = (await queue.getJobs([...ALL_STATES], 0, 199)) as Job<Data>[];
  const newest = new Map<string, Job<Data>>();
  for (const job of jobs.sort((a, b) => b.timestamp - a.timestamp)) {
    if (!newest.has(job.data.projector)) newest.set(job.data.projector, job);
  }
  return newest;
}

async function rebuildStatus(job: Job<ReplayJobData>): Promise<RebuildStatus> {
  const state = await stateOf(job);
  const progress = (typeof job.progress === 'object' ? job.progress : {}) as {
    fraction?: number;
    processed?: number;
    generation?: number;
  };
  return {
    jobId: job.id ?? '',
    state,
    generation: job.data.generation ?? progress.generation ?? null,
    percent: state === 'completed' ? 100 : Math.floor((progress.fraction ?? 0) * 1000) / 10,
    processed: progress.processed ?? 0,
    requestedAt: new Date(job.timestamp).toISOString(),
    failedReason: job.failedReason || null,
  };
}

async function verifyStatus(job: Job<VerifyJobData>): Promise<VerifyStatus> {
  const state = await stateOf(job);
  const result = state === 'completed' ? (job.returnvalue as VerifyStatus['result']) : null;
  return {
    jobId: job.id ?? '',
    state,
    requestedAt: new Date(job.timestamp).toISOString(),
    result: result
      ? {
          verdict: result.verdict,
          servingGeneration: result.servingGeneration,
          keys: result.keys,
          differing: result.differing,
          servingChecksum: result.servingChecksum,
          rebuiltChecksum: result.rebuiltChecksum,
        }
      : null,
    failedReason: job.failedReason || null,
  };
}

async function queueDepths(queues: readonly Queue[]): Promise<QueueDepth[]> {
  return Promise.all(
    queues.map(async (queue) => {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
      return {
        name: queue.name,
        waiting: counts.waiting ?? 0,
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        failed: counts.failed ?? 0,
        completed: counts.completed ?? 0,
      };
    }),
  );
}

async function runningImports(queue: Queue<ImportJobData>): Promise<ImportJobStatus[]> {
  const jobs = await queue.getJobs(['active', 'waiting', 'delayed'], 0, 49);
  const statuses = await Promise.all(jobs.map((job) => (job.id ? importJobStatus(queue, job.id) : null)));
  return statuses.filter((status): status is ImportJobStatus => status !== null);
}

export function operationsEndpoint(deps: OperationsReadsDependencies): Endpoint {
  const rates = new CheckpointRates();
  return endpoint({
    method: 'GET',
    path: '/api/admin/operations',
    schemas: {},
    access: 'admin',
    handle: async () => {
      const [head, rebuilds, verifies, queues, imports] = await Promise.all([
        deps.store.headPosition(),
        newestByProjector(deps.replayQueue),
        newestByProjector(deps.verifyQueue),
        queueDepths(deps.queues),
        runningImports(deps.importQueue),
      ]);
      const statuses = await projectorStatuses(deps.store, deps.redis, deps.projectorNames, head);
      const now = Date.now();
      const countsEvents = deps.store.kind === 'sqlite';
      const projectors = await Promise.all(
        statuses.map(async (status) => {
          const rebuild = rebuilds.get(status.name);
          const verify = verifies.get(status.name);
          const commit = status.checkpoint && countsEvents ? decodePosition(status.checkpoint)?.commit : null;
          return {
            ...status,
            eventsPerSecond: rates.sample(status.name, status.generation, commit ?? null, now),
            rebuild: rebuild ? await rebuildStatus(rebuild) : null,
            verify: verify ? await verifyStatus(verify) : null,
          };
        }),
      );
      return ok({
        sampledAt: new Date(now).toISOString(),
        head: head ? encodePosition(head) : null,
        projectors,
        queues,
        imports,
      } satisfies OperationsResponse);
    },
  });
}
