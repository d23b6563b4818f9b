import { activityQuery, adminUsersQuery, type CurrentUserResponse } from '@cinefold/contracts';
import { type Endpoint, endpoint, ok, type ProjectionWatcher } from '@cinefold/platform';
import {
  ACTIVITY,
  LIBRARIES,
  readActivity,
  readHistory,
  readList,
  readUsers,
  USERS,
} from '@cinefold/read-models';
import type { Redis } from 'ioredis';

export interface AccountReadsDependencies {
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
}

/** GET /api/auth/me, the member's lists, history and activity, and the admin's list of users. */
export function accountReadEndpoints({ redis, watcher }: AccountReadsDependencies): Endpoint[] {
  const readsAfter = { watcher, projectors: [USERS.projector, LIBRARIES.projector] };
  return [
    endpoint({
      method: 'GET',
      path: '/api/auth/me',
      schemas: {},
      access: 'member',
      readsAfter,
      handle: async ({ caller }) => {
        const member = caller.user!;
        const [favorites, watchlist] = await Promise.all([
          readList(redis, member.id, 'favorites'),
          readList(redis, member.id, 'watchlist'),
        ]);
        const body: CurrentUserResponse = { ...member, favorites, watchlist };
        return ok(body);
      },
    }),
    endpoint({
      method: 'GET',
      path: '/api/user/favorites',
      schemas: {},
      access: 'member',
      readsAfter,
      handle: async ({ caller }) => ok(await readList(redis, caller.user!.id, 'favorites')),
    }),
    endpoint({
      method: 'GET',
      path: '/api/user/watchlist',
      schemas: {},
      access: 'member',
      readsAfter,
      handle: async ({ caller }) => ok(await readList(redis, caller.user!.id, 'watchlist')),
    }),
    endpoint({
      method: 'GET',
      path: '/api/user/watch-history',
      schemas: {},
      access: 'member',
      readsAfter,
      handle: async ({ caller }) => ok(await readHistory(redis, caller.user!.id)),
    }),
    endpoint({
      method: 'GET',
      path: '/api/user/activity',
      schemas: { query: activityQuery },
      access: 'member',
      readsAfter: { watcher, projectors: [ACTIVITY.projector] },
      handle: async ({ caller, query }) => ok(await readActivity(redis, caller.user!.id, query)),
    }),
    endpoint({
      method: 'GET',
      path: '/api/admin/users',
      schemas: { query: adminUsersQuery },
      access: 'admin',
      readsAfter,
      handle: async ({ query }) => ok(await readUsers(redis, query)),
    }),
  ];
}
