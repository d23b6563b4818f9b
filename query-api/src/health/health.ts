import { timingSafeEqual } from 'node:crypto';
import {
  type HealthResponse,
  OPERATOR_TOKEN_HEADER,
  type PublicHealthResponse,
  type StartingState,
} from '@cinefold/contracts';
import {
  type EventStore,
  encodePosition,
  type ProjectionWatcher,
  type Caller,
  type Endpoint,
  endpoint,
  readModelsBuildProgress,
} from '@cinefold/platform';
import { EVENT_COUNTS, readEventCounts } from '@cinefold/read-models';
import type { Redis } from 'ioredis';
import { projectorStatuses } from '../projections/status.js';

export interface HealthDependencies {
  readonly store: EventStore;
  readonly redis: Redis;
  readonly watcher: ProjectionWatcher;
  /** The projectors whose lag is reported. */
  readonly projectorNames: readonly string[];
  /** Callers that send it in X-Operator-Token see the details, as admins do. */
  readonly operatorToken?: string;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

function sameSecret(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Error texts, versions and counts help an attacker as much as an operator: only these see them. */
function seesDetails(caller: Caller, token: string | undefined, operatorToken: string | undefined): boolean {
  return caller.user?.role === 'admin' || sameSecret(token, operatorToken);
}

/**
 * GET /health: up or not for anyone (a load balancer's probe); for admins and operators also
 * the store, Redis, each projector's lag and the count of every event type.
 */
export function healthEndpoint({
  store,
  redis,
  watcher,
  projectorNames,
  operatorToken,
}: HealthDependencies): Endpoint {
  return endpoint({
    method: 'GET',
    path: '/api/health',
    schemas: {},
    access: 'anyone',
    readsAfter: { watcher, projectors: [EVENT_COUNTS.projector] },
    handle: async ({ caller, header }) => {
      const [storeCheck, redisCheck] = await Promise.allSettled([
        store.ping().then(() => store.headPosition()),
        redis.ping(),
      ]);
      const head = storeCheck.status === 'fulfilled' ? storeCheck.value : null;
      const up = head !== null && redisCheck.status === 'fulfilled';
      const building = up ? await readModelsBuildProgress(redis, projectorNames) : null;
      const starting: StartingState | undefined =
        building === null ? undefined : { phase: 'building', percent: building };
      const summary: PublicHealthResponse = {
        status: !up ? 'degraded' : starting ? 'starting' : 'ok',
        ...(starting ? { starting } : {}),
      };
      const status = summary.status === 'ok' ? 200 : 503;
      if (!seesDetails(caller, header(OPERATOR_TOKEN_HEADER), operatorToken))
        return { status, json: summary };

      const body: HealthResponse = {
        ...summary,
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
        if (counts?.generation != null) body.events = await readEventCounts(redis, counts.generation);
      }
      return { status, json: body };
    },
  });
}
