import { badRequest, commandContext, notFound } from '@cinefold/platform';
import { Router } from 'express';
import { type ProjectionRequestDependencies, requestProjectionJob } from './requests.js';

export interface ReplayDependencies extends ProjectionRequestDependencies {
  readonly projectorNames: readonly string[];
}

/**
 * POST /admin/projections/{name}/replay: rebuild a read model from the first event, without
 * downtime, as a job the projectors service runs; GET /admin/projections shows its progress.
 * The operator's console asks the same through POST /admin/operations/rebuilds.
 */
export function replayRouter(deps: ReplayDependencies): Router {
  const { projectorNames } = deps;
  const router = Router();
  router.post('/admin/projections/:name/replay', async (req, res) => {
    const name = String(req.params.name);
    if (name.length > 64) throw badRequest('name is too long.');
    if (!projectorNames.includes(name)) {
      throw notFound(`There is no read model called "${name}". Known: ${projectorNames.join(', ')}.`);
    }
    const started = await requestProjectionJob(deps, 'rebuild', name, commandContext(req));
    res.status(202).json({ jobId: started.jobId, message: started.message });
  });
  return router;
}
