/**
 * Admins hide, show again and delete titles. Each is an event on the title's own stream, with
 * the acting admin in its metadata. Whether the title exists is read from the catalogue: a title
 * has no stream of its own until an admin first acts on it (its data came in with an import).
 */
import {
  contentParams,
  setHiddenRequest,
  streams,
  TITLE_NOT_FOUND,
  type TitleType,
} from '@cinefold/contracts';
import {
  callContext,
  type Endpoint,
  endpoint,
  type EventLog,
  notFound,
  ok,
  type ProjectionWatcher,
  rememberWrite,
} from '@cinefold/platform';
import { CATALOGUE, locateCatalogue, titleExists } from '@cinefold/read-models';
import type { Redis } from 'ioredis';

export interface VisibilityDependencies {
  readonly log: EventLog;
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
}

/** Admin changes are rare: answer once every visitor's next read will see them. */
const APPLIED_WAIT_MS = 5000;

const hiddenSchemas = { params: contentParams, body: setHiddenRequest };
const deleteSchemas = { params: contentParams };

export function visibilityEndpoints({ log, redis, watcher }: VisibilityDependencies): Endpoint[] {
  async function mustExist(type: TitleType, id: number) {
    const location = await locateCatalogue(redis);
    const exists = location !== null && (await titleExists(redis, location, type, String(id)));
    if (!exists) throw notFound(TITLE_NOT_FOUND[type]);
  }

  return [
    endpoint({
      method: 'PATCH',
      path: '/api/admin/content/:type/:id/hidden',
      schemas: hiddenSchemas,
      access: 'admin',
      handle: async (call) => {
        const { params, body } = call;
        const id = Number(params.id);
        await mustExist(params.type, id);
        const result = await log.append(
          streams.title(params.type, id),
          [{ type: body.hidden ? 'TitleHidden' : 'TitleUnhidden', data: { type: params.type, id } }],
          { expectedRevision: 'any', context: callContext(call) },
        );
        await rememberWrite(redis, result, { userId: call.caller.user!.id });
        await watcher.waitFor([CATALOGUE.projector], result.position, APPLIED_WAIT_MS);
        return { ...ok({ id, type: params.type, hidden: body.hidden }), position: result.position };
      },
    }),
    endpoint({
      method: 'DELETE',
      path: '/api/admin/content/:type/:id',
      schemas: deleteSchemas,
      access: 'admin',
      handle: async (call) => {
        const { params } = call;
        const id = Number(params.id);
        await mustExist(params.type, id);
        const result = await log.append(
          streams.title(params.type, id),
          [{ type: 'TitleDeleted', data: { type: params.type, id } }],
          { expectedRevision: 'any', context: callContext(call) },
        );
        await rememberWrite(redis, result, { userId: call.caller.user!.id });
        await watcher.waitFor([CATALOGUE.projector], result.position, APPLIED_WAIT_MS);
        return { ...ok({ message: 'The title was deleted.' }), position: result.position };
      },
    }),
  ];
}
