import type { ReplayJobData } from '@cinefold/platform';
import { badRequest, notFound } from '@cinefold/platform';
import type { Queue } from 'bullmq';
import { Router } from 'express';

export interface ReplayDependencies {
  readonly replayQueue: Queue<ReplayJobData>;
  readonly projectorNames: readonly string[];
}

/**
 * POST /admin/projections/{name}/replay: rebuild a read model from the first event, without
 * downtime, as a job the projectors service runs; GET /admin/projections shows its progress.
 */
export function replayRouter({ replayQueue, projectorNames }: ReplayDependencies): Router {
  const router = Router();
  router.post('/admin/projections/:name/replay', async (req, res) => {
    const name = String(req.params.name);
    if (name.length > 64) throw badRequest('name is too long.');
    if (!projectorNames.includes(name)) {
      throw notFound(`There is no read model called "${name}". Known: ${projectorNames.join(', ')}.`);
    }
    const running = await replayQueue.getJobs(['active', 'waiting', 'delayed'], 0, 99);
    const already = running.find((job) => job.data.projector === name);
    if (already) {
      res.status(202).json({ jobId: already.id, message: `A replay of ${name} is already under way.` });
      return;
    }
    const job = await replayQueue.add('replay', { projector: name }, { attempts: 3 });
    res.status(202).json({ jobId: job.id, message: `Replaying ${name}.` });
  });
  return router;
}
