import {
  activityQuery,
  adminUsersQuery,
  type AdminUsersResponse,
  type CurrentUserResponse,
  type UserProfile,
} from '@cinefold/contracts';
import {
  type Endpoint,
  endpoint,
  ok,
  type ProjectionWatcher,
  readModelKeys,
  USERS,
} from '@cinefold/platform';
import { ACTIVITY, LIBRARIES, readActivity, readHistory, readList } from '@cinefold/read-models';
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
      handle: async ({ query }) => {
        const active = await redis.get(readModelKeys.active(USERS.projector));
        const body: AdminUsersResponse = { users: [], page: query.page, pages: 0, total: 0 };
        if (active !== null) {
          const g = Number(active);
          const order = readModelKeys.key(USERS.projector, g, USERS.byCreated);
          const start = (query.page - 1) * query.limit;
          const [total, ids] = await Promise.all([
            redis.zcard(order),
            redis.zrevrange(order, start, start + query.limit - 1),
          ]);
          const pipeline = redis.pipeline();
          for (const id of ids) pipeline.hgetall(readModelKeys.key(USERS.projector, g, ...USERS.user(id)));
          const rows = ((await pipeline.exec()) ?? []).map(([, fields]) => fields as Record<string, string>);
          body.total = total;
          body.pages = Math.ceil(total / query.limit);
          body.users = rows
            .filter((f) => f.id)
            .map((f): UserProfile => ({
              id: f.id!,
              name: f.name ?? '',
              email: f.email ?? '',
              role: f.role === 'admin' ? 'admin' : 'user',
              createdAt: f.createdAt ?? '',
            }));
        }
        return ok(body);
      },
    }),
  ];
}
