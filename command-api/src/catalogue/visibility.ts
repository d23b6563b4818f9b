/**
 * Admins hide, show again and delete titles. Each is an event on the title's own stream, with
 * the acting admin in its metadata. Whether the title exists is read from the catalogue: a title
 * has no stream of its own until an admin first acts on it (its data came in with an import).
 */
import { contentParams, setHiddenRequest, streams, type TitleType } from '@cinefold/contracts';
import {
  CATALOGUE,
  catalogueKey,
  commandContext,
  type EventLog,
  locateCatalogue,
  notFound,
  type ProjectionWatcher,
  recordWrite,
  signedInUser,
  validate,
  validated,
} from '@cinefold/platform';
import { Router } from 'express';
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

export function visibilityRouter({ log, redis, watcher }: VisibilityDependencies): Router {
  const router = Router();

  async function mustExist(type: TitleType, id: number) {
    const location = await locateCatalogue(redis);
    const exists = location ? await redis.exists(catalogueKey(location, type, 'doc', String(id))) : 0;
    if (!exists) throw notFound(type === 'movie' ? 'Movie not found' : 'TV show not found');
  }

  router.patch('/admin/content/:type/:id/hidden', validate(hiddenSchemas), async (req, res) => {
    const { params, body } = validated(req, hiddenSchemas);
    const id = Number(params.id);
    await mustExist(params.type, id);
    const result = await log.append(
      streams.title(params.type, id),
      [{ type: body.hidden ? 'TitleHidden' : 'TitleUnhidden', data: { type: params.type, id } }],
      { expectedRevision: 'any', context: commandContext(req) },
    );
    await recordWrite(redis, res, result, { userId: signedInUser(req).id });
    await watcher.waitFor([CATALOGUE.projector], result.position, APPLIED_WAIT_MS);
    res.json({ id, type: params.type, hidden: body.hidden });
  });

  router.delete('/admin/content/:type/:id', validate(deleteSchemas), async (req, res) => {
    const { params } = validated(req, deleteSchemas);
    const id = Number(params.id);
    await mustExist(params.type, id);
    const result = await log.append(
      streams.title(params.type, id),
      [{ type: 'TitleDeleted', data: { type: params.type, id } }],
      { expectedRevision: 'any', context: commandContext(req) },
    );
    await recordWrite(redis, res, result, { userId: signedInUser(req).id });
    await watcher.waitFor([CATALOGUE.projector], result.position, APPLIED_WAIT_MS);
    res.json({ message: 'The title was deleted.' });
  });

  return router;
}
