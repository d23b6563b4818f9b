import {
  activityQuery,
  adminUsersQuery,
  type AdminUsersResponse,
  type CurrentUserResponse,
  type UserProfile,
} from '@cinefold/contracts';
import {
  ACTIVITY,
  LIBRARIES,
  type ProjectionWatcher,
  readAfterWrites,
  readList,
  readModelKeys,
  requireUser,
  signedInUser,
  USERS,
  validate,
  validated,
} from '@cinefold/platform';
import { Router } from 'express';
import type { Redis } from 'ioredis';
import { readActivity, readHistory } from './library-reads.js';

export interface AccountReadsDependencies {
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
}

const usersSchemas = { query: adminUsersQuery };
const activitySchemas = { query: activityQuery };

export function accountReadsRouter({ redis, watcher }: AccountReadsDependencies): Router {
  const router = Router();
  const fresh = readAfterWrites(watcher, [USERS.projector, LIBRARIES.projector]);
  const freshActivity = readAfterWrites(watcher, [ACTIVITY.projector]);

  router.get('/auth/me', requireUser, fresh, async (req, res) => {
    const member = signedInUser(req);
    const [favorites, watchlist] = await Promise.all([
      readList(redis, member.id, 'favorites'),
      readList(redis, member.id, 'watchlist'),
    ]);
    const body: CurrentUserResponse = { ...member, favorites, watchlist };
    res.json(body);
  });

  router.get('/user/favorites', requireUser, fresh, async (req, res) => {
    res.json(await readList(redis, signedInUser(req).id, 'favorites'));
  });
  router.get('/user/watchlist', requireUser, fresh, async (req, res) => {
    res.json(await readList(redis, signedInUser(req).id, 'watchlist'));
  });
  router.get('/user/watch-history', requireUser, fresh, async (req, res) => {
    res.json(await readHistory(redis, signedInUser(req).id));
  });

  router.get('/user/activity', requireUser, validate(activitySchemas), freshActivity, async (req, res) => {
    const { query } = validated(req, activitySchemas);
    res.json(await readActivity(redis, signedInUser(req).id, query));
  });

  router.get('/admin/users', validate(usersSchemas), fresh, async (req, res) => {
    const { query } = validated(req, usersSchemas);
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
    res.json(body);
  });

  return router;
}
