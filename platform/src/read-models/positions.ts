/**
 * Read your own writes: the query side asks "have the read models I am about to read caught up
 * with position P?" and waits, bounded, for the projectors' notices on POSITIONS_CHANNEL.
 */
import type { Redis } from 'ioredis';
import { comparePositions, decodePosition, type Position } from '../event-store/port.js';
import { POSITIONS_CHANNEL, type PositionNotice, readModelKeys } from './keys.js';

export interface ProjectionStatus {
  readonly generation: number | null;
  readonly checkpoint: Position | null;
}

/** The generation of a projector's read model that readers use, or null before its first run. */
export async function activeGeneration(redis: Redis, projector: string): Promise<number | null> {
  const active = await redis.get(readModelKeys.active(projector));
  return active === null ? null : Number(active);
}

/** The active generation of a projector and how far it has got. */
export async function readProjectionStatus(redis: Redis, projector: string): Promise<ProjectionStatus> {
  const generation = await activeGeneration(redis, projector);
  if (generation === null) return { generation: null, checkpoint: null };
  const checkpoint = await redis.get(readModelKeys.checkpoint(projector, generation));
  return { generation, checkpoint: checkpoint === null ? null : decodePosition(checkpoint) };
}

/**
 * How far a generation being built from nothing has got, in percent (see `readModelKeys.target`);
 * null once it has caught up, or when it was never rebuilt.
 */
function percentBuilt(target: string | null, checkpoint: string | null): number | null {
  const goal = target === null ? null : decodePosition(target);
  if (!goal || goal.commit <= 0n) return null;
  const reached = checkpoint === null ? null : decodePosition(checkpoint);
  if (reached && comparePositions(reached, goal) >= 0) return null;
  const done = reached && reached.commit > 0n ? reached.commit : 0n;
  return Number((done * 1000n) / goal.commit) / 10;
}

/**
 * Read models still being built: the lowest progress among them, or null when all are served.
 * Two round trips whatever the number of projectors (it is polled twice a second); on a Redis
 * Cluster each MGET goes as one per slot, in parallel (cluster.ts).
 */
export async function readModelsBuildProgress(
  redis: Redis,
  projectors: readonly string[],
): Promise<number | null> {
  const active = await redis.mget(...projectors.map((p) => readModelKeys.active(p)));
  const serving = projectors.flatMap((p, i) => (active[i] == null ? [] : [[p, Number(active[i])] as const]));
  if (serving.length === 0) return null;
  const values = await redis.mget(
    ...serving.flatMap(([p, g]) => [readModelKeys.target(p, g), readModelKeys.checkpoint(p, g)]),
  );
  const building = serving
    .map((_, i) => percentBuilt(values[2 * i] ?? null, values[2 * i + 1] ?? null))
    .filter((p): p is number => p !== null);
  return building.length === 0 ? null : Math.min(...building);
}

export function hasPassed(status: ProjectionStatus, position: Position): boolean {
  return status.checkpoint !== null && comparePositions(status.checkpoint, position) >= 0;
}

export class ProjectionWatcher {
  private readonly waiters = new Set<() => void>();
  private readonly listeners = new Set<(notice: PositionNotice) => void>();
  private started?: Promise<void>;

  /** `subscriber` becomes a pub/sub connection and must not be used for anything else. */
  constructor(
    private readonly redis: Redis,
    private readonly subscriber: Redis,
  ) {}

  private start(): Promise<void> {
    this.started ??= (async () => {
      this.subscriber.on('message', (channel: string, message: string) => {
        if (channel !== POSITIONS_CHANNEL) return;
        for (const wake of this.waiters) wake();
        if (this.listeners.size === 0) return;
        try {
          const notice = JSON.parse(message) as PositionNotice;
          for (const listener of this.listeners) listener(notice);
        } catch {
          // not one of ours
        }
      });
      await this.subscriber.subscribe(POSITIONS_CHANNEL);
    })();
    return this.started;
  }

  /**
   * Resolves true once every named projector's active generation has passed `position`, or
   * false after `timeoutMs`: the caller then serves what it has rather than failing the read.
   */
  async waitFor(projectors: readonly string[], position: Position, timeoutMs: number): Promise<boolean> {
    await this.start();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const statuses = await Promise.all(projectors.map((p) => readProjectionStatus(this.redis, p)));
      if (statuses.every((s) => hasPassed(s, position))) return true;
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, remaining);
        function done() {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        }
        const waiters = this.waiters;
        waiters.add(done);
      });
    }
  }

  /** Calls `listener` with every notice a projector publishes after a batch. */
  async onNotice(listener: (notice: PositionNotice) => void): Promise<void> {
    this.listeners.add(listener);
    await this.start();
  }

  async close(): Promise<void> {
    for (const wake of this.waiters) wake();
    this.subscriber.disconnect();
  }
}
