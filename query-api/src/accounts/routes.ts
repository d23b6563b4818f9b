import {
  type ActivityEntry,
  adminUsersQuery,
  type AdminUsersResponse,
  type CurrentUserResponse,
  streams,
  type UserProfile,
} from '@cinefold/contracts';
import {
  decodeEvent,
  type EventStore,
  LIBRARIES,
  type ProjectionWatcher,
  readAfterWrites,
  readModelKeys,
  requireUser,
  signedInUser,
  USERS,
  validate,
  validated,
} from '@cinefold/platform';
import { Router } from 'express';
import type { Redis } from 'ioredis';
import { readHistory, readList } from './library-reads.js';

export interface AccountReadsDependencies {
  readonly store: EventStore;
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
}

const usersSchemas = { query: adminUsersQuery };

export function accountReadsRouter({ store, redis, watcher }: AccountReadsDependencies): Router {
  const router = Router();
  const fresh = readAfterWrites(watcher, [USERS.projector, LIBRARIES.projector]);

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

  /** The member's list changes over time, straight from their library stream. */
  router.get('/user/activity', requireUser, async (req, res) => {
    const member = signedInUser(req);
    const activity: ActivityEntry[] = [];
    const titles = new Map<string, { title: string; contentType: 'movie' | 'tv' }>();
    for (const recorded of await store.readStream(streams.library(member.id))) {
      const { event, metadata } = decodeEvent(recorded);
      if (!event) continue;
      const list = event.type.startsWith('Favorite') ? 'favorites' : 'watchlist';
      if (event.type === 'FavoriteAdded' || event.type === 'WatchlistItemAdded') {
        const id = String(event.data.contentId);
        titles.set(id, { title: event.data.title, contentType: event.data.contentType });
        activity.push({
          action: 'added',
          list,
          contentId: event.data.contentId,
          contentType: event.data.contentType,
          title: event.data.title,
          at: metadata.occurredAt,
        });
      } else if (event.type === 'FavoriteRemoved' || event.type === 'WatchlistItemRemoved') {
        const known = titles.get(String(event.data.contentId));
        activity.push({
          action: 'removed',
          list,
          contentId: event.data.contentId,
          contentType: known?.contentType ?? null,
          title: known?.title ?? null,
          at: metadata.occurredAt,
        });
      }
    }
    res.json(activity.reverse());
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
