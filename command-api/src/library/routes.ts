import {
  addToListRequest,
  LIST_NAMES,
  listItemParams,
  type ListName,
  recordViewRequest,
  streams,
} from '@cinefold/contracts';
import {
  commandContext,
  type EventLog,
  rateLimit,
  recordWrite,
  requireUser,
  signedInUser,
  validate,
  validated,
} from '@cinefold/platform';
import { Router } from 'express';
import type { Redis } from 'ioredis';
import { runCommand } from '../shared/run-command.js';
import { decideLibrary, entryKey, foldLibrary } from './library.js';

export interface LibraryDependencies {
  readonly log: EventLog;
  readonly redis: Redis;
}

const addSchemas = { body: addToListRequest };
const removeSchemas = { params: listItemParams };
const viewSchemas = { body: recordViewRequest };
const LIST_PATHS: Record<ListName, string> = { favorites: '/user/favorites', watchlist: '/user/watchlist' };

/** A member's favorites, watchlist and watch history. */
export function libraryRouter({ log, redis }: LibraryDependencies): Router {
  const router = Router();
  // Every change is an event kept for good: one budget per member for all their lists, far above
  // what a person clicking does, keeps a script from growing the store without end.
  const memberWrites = rateLimit(redis, {
    name: 'library-writes',
    limit: 120,
    windowSeconds: 60,
    key: (req) => req.user?.id ?? null,
    message: 'You are changing your lists very quickly. Please wait a minute and try again.',
  });

  for (const list of LIST_NAMES) {
    router.post(LIST_PATHS[list], requireUser, validate(addSchemas), memberWrites, async (req, res) => {
      const { body } = validated(req, addSchemas);
      const member = signedInUser(req);
      const context = commandContext(req);
      const outcome = await runCommand(
        log,
        streams.library(member.id),
        foldLibrary,
        (state) => decideLibrary(state, { type: 'AddToList', userId: member.id, list, item: body }),
        context,
      );
      if (!outcome.result) {
        // Already there: adding twice keeps the one entry.
        res.json(outcome.state[list].get(entryKey(body.contentId)));
        return;
      }
      await recordWrite(redis, res, outcome.result, { userId: member.id });
      res.status(201).json({ ...body, addedAt: context.now.toISOString() });
    });

    router.delete(
      `${LIST_PATHS[list]}/:contentId`,
      requireUser,
      validate(removeSchemas),
      memberWrites,
      async (req, res) => {
        const { params } = validated(req, removeSchemas);
        const member = signedInUser(req);
        const outcome = await runCommand(
          log,
          streams.library(member.id),
          foldLibrary,
          (state) =>
            decideLibrary(state, {
              type: 'RemoveFromList',
              userId: member.id,
              list,
              contentId: params.contentId,
            }),
          commandContext(req),
        );
        await recordWrite(redis, res, outcome.result!, { userId: member.id });
        res.json({ message: `Removed from your ${list}.` });
      },
    );
  }

  router.post('/user/watch-history', requireUser, validate(viewSchemas), memberWrites, async (req, res) => {
    const { body } = validated(req, viewSchemas);
    const member = signedInUser(req);
    const context = commandContext(req);
    // Every view is recorded; nothing to decide, so no expected revision to guard.
    const result = await log.append(
      streams.history(member.id),
      [{ type: 'TitleWatched', data: { userId: member.id, ...body } }],
      { expectedRevision: 'any', context },
    );
    await recordWrite(redis, res, result, { userId: member.id });
    res.status(201).json({ ...body, watchedAt: context.now.toISOString() });
  });

  return router;
}
