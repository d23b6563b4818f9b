import {
  type ActivityEntry,
  activityQuery,
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
const activitySchemas = { query: activityQuery };
/** How far before a page of activity the titles of its removals are looked for. */
const TITLE_LOOKBACK = 200;

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

  /**
   * The member's list changes over time, straight from their library stream, a page at a time:
   * the page is read backwards from the stream's end, so it costs the page, not the stream. The
   * events of a removal carry only the id: its title comes from the addition before it, looked
   * for in the page and in up to `TITLE_LOOKBACK` events before it (else it is shown untitled).
   */
  router.get('/user/activity', requireUser, validate(activitySchemas), async (req, res) => {
    const { query } = validated(req, activitySchemas);
    const member = signedInUser(req);
    const stream = streams.library(member.id);
    const activity: ActivityEntry[] = [];
    const [newest] = await store.readStreamBackwards(stream, { maxCount: 1 });
    if (!newest) return void res.json(activity);
    const from = newest.revision - BigInt((query.page - 1) * query.limit);
    const page = (await store.readStreamBackwards(stream, { from, maxCount: query.limit })).reverse();
    const titles = new Map<string, { title: string; contentType: 'movie' | 'tv' }>();
    const learn = (event: ReturnType<typeof decodeEvent>['event']) => {
      if (event?.type === 'FavoriteAdded' || event?.type === 'WatchlistItemAdded')
        titles.set(String(event.data.contentId), {
          title: event.data.title,
          contentType: event.data.contentType,
        });
    };
    const oldest = page[0]?.revision ?? 0n;
    if (oldest > 0n && page.some((e) => e.type === 'FavoriteRemoved' || e.type === 'WatchlistItemRemoved')) {
      const before = await store.readStreamBackwards(stream, { from: oldest - 1n, maxCount: TITLE_LOOKBACK });
      for (const recorded of before.reverse()) learn(decodeEvent(recorded).event);
    }
    for (const recorded of page) {
      const { event, metadata } = decodeEvent(recorded);
      if (!event) continue;
      const list = event.type.startsWith('Favorite') ? 'favorites' : 'watchlist';
      if (event.type === 'FavoriteAdded' || event.type === 'WatchlistItemAdded') {
        learn(event);
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
