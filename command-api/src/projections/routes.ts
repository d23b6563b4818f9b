import { badRequest, callContext, type Endpoint, endpoint, notFound } from '@cinefold/platform';
import { z } from 'zod';
import { type ProjectionRequestDependencies, requestProjectionJob } from './requests.js';

export interface ReplayDependencies extends ProjectionRequestDependencies {
  readonly projectorNames: readonly string[];
}

/**
 * POST /admin/projections/{name}/replay: rebuild a read model from the first event, without
 * downtime, as a job the projectors service runs; GET /admin/projections shows its progress.
 * The operator's console asks the same through POST /admin/operations/rebuilds.
 */
/** Any name: an unknown one is not found, with the names there are. */
const schemas = { params: z.object({ name: z.string() }) };

export function replayEndpoint(deps: ReplayDependencies): Endpoint {
  const { projectorNames } = deps;
  return endpoint({
    method: 'POST',
    path: '/api/admin/projections/:name/replay',
    schemas,
    access: 'admin',
    handle: async (call) => {
      const { name } = call.params;
      if (name.length > 64) throw badRequest('name is too long.');
      if (!projectorNames.includes(name)) {
        throw notFound(`There is no read model called "${name}". Known: ${projectorNames.join(', ')}.`);
      }
      const started = await requestProjectionJob(deps, 'rebuild', name, callContext(call));
      return { status: 202, json: { jobId: started.jobId, message: started.message } };
    },
  });
}
