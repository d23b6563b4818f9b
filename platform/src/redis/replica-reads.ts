/**
 * The query side's reads from a Redis replica (`REDIS_REPLICA_URL`), with read-your-own-writes kept.
 *
 * The projectors write to the primary; each batch, its checkpoint and then its notice on
 * POSITIONS_CHANNEL travel down the replication stream in that order, so a watcher subscribed on
 * the replica hears a notice only once the replica holds the batch. Waiting on the replica for a
 * member's position is therefore exact. When the replica does not get there within the bound (it
 * lags, or its link to the primary is down) and the primary has, the rest of that one request
 * reads from the primary: a member never waits longer than the bound to see their own write.
 *
 * `redis` is a stand-in client for the query side: each command goes to the replica unless the
 * current request was moved to the primary or the replica is not healthy (not connected, or its
 * link to the primary down, checked every `HEALTH_CHECK_MS`). The query side keeps short-lived keys
 * (kept search results, intersections) where it reads, so the replica must accept writes of its
 * own (`replica-read-only no`); `start` refuses a replica that does not.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { Position } from '../event-store/port.js';
import { hasPassed, ProjectionWatcher, readProjectionStatus } from '../read-models/positions.js';

const HEALTH_CHECK_MS = 1000;
const PROBE_KEY = 'replica:probe';

/** Which Redis a request reads from: the replica, until the request is moved to the primary. */
interface ReadScope {
  primary: boolean;
}

export class ReplicaNotWritableError extends Error {
  override readonly name = 'ReplicaNotWritableError';
  constructor(detail: string) {
    super(
      `REDIS_REPLICA_URL: the replica refuses the query side's short-lived keys (${detail}); ` +
        'set `replica-read-only no` on it',
    );
  }
}

export class ReplicaReads {
  private readonly scopes = new AsyncLocalStorage<ReadScope>();
  private healthy = false;
  private timer: NodeJS.Timeout | null = null;
  /** The query side's client: the replica, or the primary for a moved request or a sick replica. */
  readonly redis: Redis;
  /** The query side's watcher: waits on the replica, falls back to the primary (see the header). */
  readonly watcher: ProjectionWatcher;

  constructor(
    private readonly primary: Redis,
    /** The primary's watcher (the command side's), for the times the replica is not read. */
    readonly primaryWatcher: ProjectionWatcher,
    private readonly replica: Redis,
    replicaSubscriber: Redis,
    private readonly healthCheckMs = HEALTH_CHECK_MS,
  ) {
    const current = () => this.current();
    this.redis = new Proxy(replica, {
      get(_target, key) {
        const client = current();
        const value: unknown = Reflect.get(client, key, client);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(client) : value;
      },
    });
    this.watcher = new FallbackWatcher(replica, replicaSubscriber, this);
  }

  /** Checks the replica takes the query side's keys, then follows its health. */
  async start(): Promise<void> {
    try {
      await this.replica.set(PROBE_KEY, '1', 'PX', 1000);
    } catch (error) {
      throw new ReplicaNotWritableError(error instanceof Error ? error.message : String(error));
    }
    await this.checkHealth();
    this.timer = setInterval(() => void this.checkHealth(), this.healthCheckMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Runs `work` (a request's handling) in a read scope of its own. */
  readonly inScope = (work: () => void): void => {
    this.scopes.run({ primary: false }, work);
  };

  /** Express middleware: every request below it gets its own read scope. */
  readonly scope: RequestHandler = (_req, _res, next) => this.inScope(next);

  /** Whether reads go to the replica now (for the request running, if any). */
  readsFromReplica(): boolean {
    return this.current() === this.replica;
  }

  /** Moves the rest of the current request's reads to the primary. */
  moveToPrimary(): void {
    const scope = this.scopes.getStore();
    if (scope) scope.primary = true;
  }

  /** Whether the primary's read models have passed `position`. */
  async primaryHasPassed(projectors: readonly string[], position: Position): Promise<boolean> {
    const statuses = await Promise.all(projectors.map((p) => readProjectionStatus(this.primary, p)));
    return statuses.every((status) => hasPassed(status, position));
  }

  private current(): Redis {
    if (this.scopes.getStore()?.primary) return this.primary;
    return this.healthy && this.replica.status === 'ready' ? this.replica : this.primary;
  }

  private async checkHealth(): Promise<void> {
    try {
      const info = await this.replica.info('replication');
      this.healthy = /^master_link_status:up\s*$/m.test(info);
    } catch {
      this.healthy = false;
    }
  }
}

/**
 * Waits on the replica (its notices come after its data); when that fails within the bound, asks
 * the primary and moves the request there if it has passed. While the replica is not read, waits
 * on the primary as the command side does.
 */
class FallbackWatcher extends ProjectionWatcher {
  constructor(
    replica: Redis,
    subscriber: Redis,
    private readonly reads: ReplicaReads,
  ) {
    super(replica, subscriber);
  }

  override async waitFor(
    projectors: readonly string[],
    position: Position,
    timeoutMs: number,
  ): Promise<boolean> {
    if (!this.reads.readsFromReplica())
      return this.reads.primaryWatcher.waitFor(projectors, position, timeoutMs);
    if (await super.waitFor(projectors, position, timeoutMs)) return true;
    if (!(await this.reads.primaryHasPassed(projectors, position))) return false;
    this.reads.moveToPrimary();
    return true;
  }
}
