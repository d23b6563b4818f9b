import type { HealthResponse } from '@cinefold/contracts';
import {
  EVENT_COUNTS,
  type EventStore,
  encodePosition,
  type ProjectionWatcher,
  readAfterWrites,
  readModelKeys,
} from '@cinefold/platform';
import { Router } from 'express';
import type { Redis } from 'ioredis';
import { projectorStatuses } from '../projections/status.js';

export interface HealthDependencies {
  readonly store: EventStore;
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
  /** The projectors whose lag is reported. */
  readonly projectorNames: readonly string[];
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** GET /health: is the store reachable, is Redis, how far behind is each projector. */
export function healthRouter({ store, redis, watcher, projectorNames }: HealthDependencies): Router {
  const router = Router();
  router.get('/health', readAfterWrites(watcher, [EVENT_COUNTS.projector]), async (_req, res) => {
    const [storeCheck, redisCheck] = await Promise.allSettled([
      store.ping().then(() => store.headPosition()),
      redis.ping(),
    ]);
    const head = storeCheck.status === 'fulfilled' ? storeCheck.value : null;
    const body: HealthResponse = {
      status: head && redisCheck.status === 'fulfilled' ? 'ok' : 'degraded',
      eventStore: {
        ok: head !== null,
        kind: store.kind,
        head: head ? encodePosition(head) : null,
        ...(storeCheck.status === 'rejected' ? { error: reason(storeCheck.reason) } : {}),
      },
      redis: {
        ok: redisCheck.status === 'fulfilled',
        ...(redisCheck.status === 'rejected' ? { error: reason(redisCheck.reason) } : {}),
      },
      projectors: [],
      events: {},
    };
    if (body.redis.ok) {
      body.projectors = await projectorStatuses(store, redis, projectorNames, head);
      const counts = body.projectors.find((p) => p.name === EVENT_COUNTS.projector);
      if (counts?.generation != null) {
        const raw = await redis.hgetall(
          readModelKeys.key(EVENT_COUNTS.projector, counts.generation, EVENT_COUNTS.byType),
        );
        body.events = Object.fromEntries(Object.entries(raw).map(([type, n]) => [type, Number(n)]));
      }
    }
    res.status(body.status === 'ok' ? 200 : 503).json(body);
  });
  return router;
}
