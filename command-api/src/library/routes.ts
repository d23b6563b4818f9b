import {
  addToListRequest,
  LIST_NAMES,
  listItemParams,
  listItemQuery,
  type ListName,
  listEntryKey,
  recordViewRequest,
  type RemovedFromListResponse,
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
import { libraryDecider } from './library.js';

/** List changes (favorites, watchlist, watch history together) one network may make a minute. */
export const LIST_WRITES_PER_NETWORK = 300;

export interface LibraryDependencies {
  readonly log: EventLog;
  readonly redis: Redis;
}

const addSchemas = { body: addToListRequest };
const removeSchemas = { params: listItemParams, query: listItemQuery };
const viewSchemas = { body: recordViewRequest };
const LIST_PATHS: Record<ListName, string> = { favorites: '/user/favorites', watchlist: '/user/watchlist' };
const TYPE_NAMES = { movie: 'movie', tv: 'TV show' } as const;

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
  // And one per network, so that many accounts made behind one address cannot together do what
  // one member may not: two and a half members flat out, far above a household or an office.
  const networkWrites = rateLimit(redis, {
    name: 'library-writes-network',
    limit: LIST_WRITES_PER_NETWORK,
    windowSeconds: 60,
    message: 'Too many list changes from your network. Please wait a minute and try again.',
  });
  const limits = [memberWrites, networkWrites];

  for (const list of LIST_NAMES) {
    router.post(LIST_PATHS[list], requireUser, validate(addSchemas), ...limits, async (req, res) => {
      const { body } = validated(req, addSchemas);
      const member = signedInUser(req);
      const context = commandContext(req);
      const outcome = await runCommand(
        log,
        streams.library(member.id),
        libraryDecider,
        { type: 'AddToList', userId: member.id, list, item: body },
        context,
      );
      if (!outcome.result) {
        // Already there: adding twice keeps the one entry, added when it first was.
        const kept = outcome.state[list].get(listEntryKey(body.contentType, body.contentId))!;
        res.json({ ...body, contentId: kept.contentId, addedAt: kept.addedAt });
        return;
      }
      await recordWrite(redis, res, outcome.result, { userId: member.id });
      res.status(201).json({ ...body, addedAt: context.now.toISOString() });
    });

    router.delete(
      `${LIST_PATHS[list]}/:contentId`,
      requireUser,
      validate(removeSchemas),
      ...limits,
      async (req, res) => {
        const { params, query } = validated(req, removeSchemas);
        const member = signedInUser(req);
        const outcome = await runCommand(
          log,
          streams.library(member.id),
          libraryDecider,
          {
            type: 'RemoveFromList',
            userId: member.id,
            list,
            contentId: params.contentId,
            contentType: query.contentType,
          },
          commandContext(req),
        );
        await recordWrite(redis, res, outcome.result!, { userId: member.id });
        // Without a contentType the server chose which entry: the answer says which it was.
        const [removed] = outcome.events;
        const { contentId, contentType } = (removed?.data ?? {}) as Partial<RemovedFromListResponse>;
        if (contentId === undefined || !contentType) throw new Error('a removal decided no removal');
        const answer: RemovedFromListResponse = {
          message: `Removed the ${TYPE_NAMES[contentType]} ${contentId} from your ${list}.`,
          contentId,
          contentType,
        };
        res.json(answer);
      },
    );
  }

  router.post('/user/watch-history', requireUser, validate(viewSchemas), ...limits, async (req, res) => {
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
