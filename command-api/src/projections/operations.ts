import { projectorRequest } from '@cinefold/contracts';
import { badRequest, callContext, type Endpoint, endpoint, rememberWrite } from '@cinefold/platform';
import type { Redis } from 'ioredis';
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
export function operationsEndpoints(deps: OperationsDependencies): Endpoint[] {
  const known = (name: string) => {
    if (!deps.projectorNames.includes(name)) {
      throw badRequest(`There is no read model called "${name}". Known: ${deps.projectorNames.join(', ')}.`);
    }
    return name;
  };
  return (
    [
      ['/api/admin/operations/rebuilds', 'rebuild'],
      ['/api/admin/operations/verifies', 'verify'],
    ] as const
  ).map(([path, kind]) =>
    endpoint({
      method: 'POST',
      path,
      schemas,
      access: 'admin',
      handle: async (call) => {
        const { recorded, ...started } = await requestProjectionJob(
          deps,
          kind,
          known(call.body.projector),
          callContext(call),
        );
        // The admin's next read of the audit shows the request.
        if (recorded) await rememberWrite(deps.redis, recorded, { userId: call.caller.user!.id });
        return { status: 202, json: started, position: recorded?.position };
      },
    }),
  );
}
