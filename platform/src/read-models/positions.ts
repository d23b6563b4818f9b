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

/**
 * Whether a value read when its projector had reached `through` reflects the write at `after`
 * (no write to reflect: always).
 */
export function reflects(through: Position | null, after: Position | undefined): boolean {
  return after === undefined || (through !== null && comparePositions(after, through) <= 0);
}

/**
 * A notice as a projector published it, with the position it says the active generation committed
 * (null for a rebuild's or a check's batch); null for a message that is not one of ours.
 */
function parseNotice(message: string): { notice: PositionNotice; committed: Position | null } | null {
  try {
    const notice = JSON.parse(message) as PositionNotice;
    return { notice, committed: notice.active === true ? decodePosition(notice.position) : null };
  } catch {
    return null;
  }
}

export class ProjectionWatcher {
  private readonly waiters = new Set<() => void>();
  private readonly listeners = new Set<(notice: PositionNotice) => void>();
  /** By projector, the newest position a notice said its active generation had committed. */
  private readonly reached = new Map<string, Position>();
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
        const parsed = parseNotice(message);
        if (parsed?.committed) this.reach(parsed.notice.projector, parsed.committed);
        for (const wake of this.waiters) wake();
        if (parsed) for (const listener of this.listeners) listener(parsed.notice);
      });
      await this.subscriber.subscribe(POSITIONS_CHANNEL);
    })();
    return this.started;
  }

  private reach(projector: string, position: Position): void {
    const known = this.reached.get(projector);
    if (!known || comparePositions(position, known) > 0) this.reached.set(projector, position);
  }

  /**
   * The newest position `projector`'s read model is known to have committed (from its notices and
   * from what `waitFor` read), or null: whatever is read from it now reflects every write up to
   * there. Take it before the read. One exception, an operator's: in the moment between a
   * rebuild's switch and its last catch-up (milliseconds), the new generation may lack the newest
   * writes this says were reached.
   */
  reachedBy(projector: string): Position | null {
    void this.start();
    return this.reached.get(projector) ?? null;
  }

  /** Whether every named projector is known to have reached `position` (see `reachedBy`). */
  hasReached(projectors: readonly string[], position: Position): boolean {
    return projectors.every((projector) => reflects(this.reachedBy(projector), position));
  }

  /**
   * Resolves true once every named projector's active generation has passed `position`, or
   * false after `timeoutMs`: the caller then serves what it has rather than failing the read.
   * No round trip when the projectors' notices said so already. The wait for the next notice is
   * taken before the checkpoints are read, not after: a notice that comes while they are read
   * (the batch that reaches `position` committed meanwhile) then ends the wait at once, where it
   * used to be missed and the reader waited until the timeout for a notice that had come.
   */
  async waitFor(projectors: readonly string[], position: Position, timeoutMs: number): Promise<boolean> {
    await this.start();
    if (this.hasReached(projectors, position)) return true;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      let wake!: () => void;
      const notified = new Promise<void>((resolve) => (wake = resolve));
      this.waiters.add(wake);
      try {
        const statuses = await Promise.all(projectors.map((p) => readProjectionStatus(this.redis, p)));
        statuses.forEach((status, i) => {
          if (status.checkpoint) this.reach(projectors[i]!, status.checkpoint);
        });
        if (statuses.every((s) => hasPassed(s, position))) return true;
        if (this.hasReached(projectors, position)) return true; // noticed while reading
        const remaining = deadline - Date.now();
        if (remaining <= 0) return false;
        await Promise.race([notified, new Promise((resolve) => (timer = setTimeout(resolve, remaining)))]);
      } finally {
        clearTimeout(timer);
        this.waiters.delete(wake);
      }
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
