import { type Endpoint, endpoint, jobStateAsRead, ok, type ReplayJobData } from '@cinefold/platform';
import type { Queue } from 'bullmq';
import type { HealthDependencies } from '../health/health.js';
import { projectorStatuses } from './status.js';

export interface ProjectionsDependencies extends HealthDependencies {
  readonly replayQueue: Queue<ReplayJobData>;
}

/** GET /admin/projections: every read model's generation and lag, and its latest replay with progress. */
export function projectionsEndpoint({
  store,
  redis,
  projectorNames,
  replayQueue,
}: ProjectionsDependencies): Endpoint {
  return endpoint({
    method: 'GET',
    path: '/api/admin/projections',
    schemas: {},
    access: 'admin',
    handle: async () => {
      const [head, jobs] = await Promise.all([
        store.headPosition(),
        replayQueue.getJobs(['active', 'waiting', 'delayed', 'completed', 'failed'], 0, 99),
      ]);
      const statuses = await projectorStatuses(store, redis, projectorNames, head);
      const newest = [...jobs].sort((a, b) => b.timestamp - a.timestamp);
      const body = await Promise.all(
        statuses.map(async (status) => {
          const job = newest.find((j) => j.data.projector === status.name);
          return {
            ...status,
            replay: job
              ? {
                  jobId: job.id ?? null,
                  state: await jobStateAsRead(job),
                  progress: typeof job.progress === 'object' ? job.progress : null,
                  failedReason: job.failedReason ?? null,
                }
              : null,
          };
        }),
      );
      return ok(body);
    },
  });
}
