import { projectorRequest } from '@cinefold/contracts';
import {
  badRequest,
  commandContext,
  recordWrite,
  signedInUser,
  validate,
  validated,
} from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { Router } from 'express';
import { type ProjectionRequestDependencies, requestProjectionJob } from './requests.js';

export interface OperationsDependencies extends ProjectionRequestDependencies {
  readonly projectorNames: readonly string[];
  readonly redis: Redis;
}

const schemas = { body: projectorRequest };

/**
 * The operator's console's commands: POST /admin/operations/rebuilds and /verifies, body
 * `{ projector }`, answered 202 with the job to follow on GET /admin/operations.
 */
export function operationsRouter(deps: OperationsDependencies): Router {
  const router = Router();
  const known = (name: string) => {
    if (!deps.projectorNames.includes(name)) {
      throw badRequest(`There is no read model called "${name}". Known: ${deps.projectorNames.join(', ')}.`);
    }
    return name;
  };
  for (const [path, kind] of [
    ['/admin/operations/rebuilds', 'rebuild'],
    ['/admin/operations/verifies', 'verify'],
  ] as const) {
    router.post(path, validate(schemas), async (req, res) => {
      const { body } = validated(req, schemas);
      const { recorded, ...started } = await requestProjectionJob(
        deps,
        kind,
        known(body.projector),
        commandContext(req),
      );
      // The admin's next read of the audit shows the request.
      if (recorded) await recordWrite(deps.redis, res, recorded, { userId: signedInUser(req).id });
      res.status(202).json(started);
    });
  }
  return router;
}
