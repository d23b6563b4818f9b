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
  callContext,
  created,
  type Endpoint,
  type EndpointLimit,
  type EventLog,
  ok,
  rateLimiter,
} from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { runCommand } from '../shared/run-command.js';
import { libraryDecider } from './library.js';
import { memberWriteEndpoint, TYPE_NAMES } from './member-answers.js';
import { upNextWriteEndpoints } from './up-next-routes.js';

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

/** A member's favorites, watchlist and watch history. */
export function libraryEndpoints({ log, redis }: LibraryDependencies): Endpoint[] {
  // Every change is an event kept for good: one budget per member for all their lists, far above
  // what a person clicking does, keeps a script from growing the store without end.
  const memberWrites: EndpointLimit = {
    limiter: rateLimiter(redis, {
      name: 'library-writes',
      limit: 120,
      windowSeconds: 60,
      message: 'You are changing your lists very quickly. Please wait a minute and try again.',
    }),
    key: (call) => call.caller.user?.id ?? null,
  };
  // And one per network, so that many accounts made behind one address cannot together do what
  // one member may not: two and a half members flat out, far above a household or an office.
  const networkWrites: EndpointLimit = {
    limiter: rateLimiter(redis, {
      name: 'library-writes-network',
      limit: LIST_WRITES_PER_NETWORK,
      windowSeconds: 60,
      message: 'Too many list changes from your network. Please wait a minute and try again.',
    }),
  };
  const limits = [memberWrites, networkWrites];
  const endpoints: Endpoint[] = [];

  const member = { redis, limits };
  for (const list of LIST_NAMES) {
    endpoints.push(
      memberWriteEndpoint(
        member,
        { method: 'POST', path: `/api${LIST_PATHS[list]}`, schemas: addSchemas },
        async (call, { id: userId }) => {
          const { body } = call;
          const context = callContext(call);
          const outcome = await runCommand(
            log,
            streams.library(userId),
            libraryDecider,
            { type: 'AddToList', userId, list, item: body },
            context,
          );
          if (!outcome.result) {
            // Already there: adding twice keeps the one entry, added when it first was.
            const kept = outcome.state[list].get(listEntryKey(body.contentType, body.contentId))!;
            return {
              answer: ok({ ...body, contentId: kept.contentId, addedAt: kept.addedAt }),
              written: null,
            };
          }
          return {
            answer: created({ ...body, addedAt: context.now.toISOString() }),
            written: outcome.result,
          };
        },
      ),
      memberWriteEndpoint(
        member,
        { method: 'DELETE', path: `/api${LIST_PATHS[list]}/:contentId`, schemas: removeSchemas },
        async (call, { id: userId }) => {
          const { params, query } = call;
          const outcome = await runCommand(
            log,
            streams.library(userId),
            libraryDecider,
            {
              type: 'RemoveFromList',
              userId,
              list,
              contentId: params.contentId,
              contentType: query.contentType,
            },
            callContext(call),
          );
          // Without a contentType the server chose which entry: the answer says which it was.
          const [removed] = outcome.events;
          const { contentId, contentType } = (removed?.data ?? {}) as Partial<RemovedFromListResponse>;
          if (contentId === undefined || !contentType) throw new Error('a removal decided no removal');
          const answer: RemovedFromListResponse = {
            message: `Removed the ${TYPE_NAMES[contentType]} ${contentId} from your ${list}.`,
            contentId,
            contentType,
          };
          return { answer: ok(answer), written: outcome.result! };
        },
      ),
    );
  }

  endpoints.push(
    memberWriteEndpoint(
      member,
      { method: 'POST', path: '/api/user/watch-history', schemas: viewSchemas },
      async (call, { id: userId }) => {
        const context = callContext(call);
        // Every view is recorded; nothing to decide, so no expected revision to guard. A movie has no episodes.
        const episode = call.body.contentType === 'tv' ? call.body.episode : null;
        const result = await log.append(
          streams.history(userId),
          [{ type: 'TitleWatched', data: { userId, ...call.body, episode } }],
          { expectedRevision: 'any', context },
        );
        return { answer: created({ ...call.body, watchedAt: context.now.toISOString() }), written: result };
      },
    ),
  );
  endpoints.push(...upNextWriteEndpoints({ log, redis, limits }));
  return endpoints;
}
