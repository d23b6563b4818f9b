/**
 * Feeds one projector from $all and keeps its read model in Redis: the live runner, following the
 * active generation through `GenerationWriter` (read-models), which applies each batch in one
 * MULTI/EXEC with its checkpoint; and the generations themselves (allocating one, the serving one,
 * the first one of a projector that never ran).
 */

import {
  comparePositions,
  decodePosition,
  type EventStore,
  encodePosition,
  type Logger,
  type Position,
  readModelKeys,
  type Subscription,
} from '@cinefold/platform';
import {
  batchSizeOf,
  CheckpointLost,
  GenerationSwitched,
  GenerationWriter,
  payloadTypesOf,
  type Projector,
  versionOf,
} from '@cinefold/read-models';
import type { Redis } from 'ioredis';
import { supersededStreams } from './feed.js';

/**
 * Allocates a generation number no other rebuild or runner has used, and records the shape
 * version it is built with.
 */
export async function allocateGeneration(
  redis: Redis,
  projector: Pick<Projector, 'name' | 'version'>,
): Promise<number> {
  const generation = await redis.incr(readModelKeys.nextGeneration(projector.name));
  await redis.set(readModelKeys.version(projector.name, generation), String(versionOf(projector)));
  return generation;
}

/** The shape version the serving generation was built with (1 when it predates versions); null when none serves. */
export async function servingVersion(redis: Redis, projector: string): Promise<number | null> {
  const active = await redis.get(readModelKeys.active(projector));
  if (active === null) return null;
  const version = await redis.get(readModelKeys.version(projector, Number(active)));
  return version === null ? 1 : Number(version);
}

/**
 * The active generation, creating the first one for a projector that never ran (or whose Redis
 * was lost). A generation created while the store already holds events records the store's head
 * as its target (`readModelKeys.target`): until it gets there, health says the read model is
 * being built and the API answers "starting" instead of serving a half-built read model.
 */
export async function ensureActiveGeneration(
  redis: Redis,
  projector: Pick<Projector, 'name' | 'version'>,
  storeHead?: () => Promise<Position>,
): Promise<number> {
  const { name } = projector;
  const active = await redis.get(readModelKeys.active(name));
  if (active !== null) return Number(active);
  const candidate = await allocateGeneration(redis, projector);
  const head = await storeHead?.();
  if (head && head.commit >= 0n) {
    await redis.set(readModelKeys.target(name, candidate), encodePosition(head));
  }
  await redis.set(readModelKeys.active(name), String(candidate), 'NX');
  return Number(await redis.get(readModelKeys.active(name)));
}

export interface LiveRunnerOptions {
  readonly store: EventStore;
  readonly redis: Redis;
  readonly logger: Logger;
  readonly batchSize?: number;
}

/** Keeps the active generation of one projector up to date, catching up first, then live. */
export class LiveProjectionRunner {
  private subscription?: Subscription;
  private stopped = false;
  private running?: Promise<void>;
  private markStarted!: () => void;
  /** Settles once the runner knows its active generation (created it, if there was none). */
  readonly started = new Promise<void>((resolve) => (this.markStarted = resolve));

  constructor(
    readonly projector: Projector,
    private readonly options: LiveRunnerOptions,
  ) {}

  start(): void {
    this.running ??= this.run();
  }

  private async run(): Promise<void> {
    const { redis } = this.options;
    // Redis back after a restart may lack its last second of writes, this read model's among them:
    // the runner then reads its checkpoint again. An idle runner would otherwise go on from a
    // position Redis no longer has (a busy one finds out at its next batch: `CheckpointLost`).
    const resume = () => void this.subscription?.close();
    redis.on('ready', resume);
    try {
      await this.follow();
    } finally {
      redis.off('ready', resume);
    }
  }

  private async follow(): Promise<void> {
    const { store, redis, logger } = this.options;
    let failures = 0;
    while (!this.stopped) {
      try {
        const generation = await ensureActiveGeneration(redis, this.projector, () => store.headPosition());
        this.markStarted();
        const writer = new GenerationWriter(this.projector, { redis, generation, requireActive: true });
        const from = await writer.checkpoint();
        // A generation built from nothing does not serve until it reaches its target.
        const stored = await redis.get(readModelKeys.target(this.projector.name, generation));
        const target = stored === null ? null : decodePosition(stored);
        const unservedUpTo = target !== null && comparePositions(from, target) < 0 ? target : null;
        writer.buildUpTo(unservedUpTo);
        const maxBatch = (building: boolean) =>
          this.options.batchSize ?? batchSizeOf(this.projector, building);
        // Built in larger batches, if the projector says so, then read on in its own from a new
        // subscription (this loop's next turn) once the generation serves.
        const resubscribeAt =
          unservedUpTo !== null && maxBatch(true) !== maxBatch(false) ? unservedUpTo : null;
        this.subscription = store.subscribeAll(
          {
            from,
            maxBatch: maxBatch(unservedUpTo !== null),
            payloadTypes: payloadTypesOf(this.projector),
            types: this.projector.handles === 'all' ? undefined : this.projector.handles,
            skipStreams: unservedUpTo
              ? await supersededStreams(this.projector, store, unservedUpTo)
              : undefined,
          },
          async (batch, { readUpTo }) => {
            // The batch commits while the subscription reads and prepares the next one.
            await writer.applyOverlapped(batch, () => void this.subscription?.close(), readUpTo);
            failures = 0;
            if (resubscribeAt && comparePositions(readUpTo, resubscribeAt) >= 0)
              void this.subscription?.close();
          },
        );
        await this.subscription.done;
        await writer.settle(); // the last batch's commit, and its failure if it failed
      } catch (error) {
        if (error instanceof GenerationSwitched) {
          logger.info('active generation switched; following it', { projector: this.projector.name });
          continue;
        }
        if (error instanceof CheckpointLost) {
          logger.warn('Redis lost writes of this read model; feeding it again from its checkpoint', {
            projector: this.projector.name,
            error,
          });
          continue;
        }
        if (this.stopped) break;
        failures++;
        const delay = Math.min(30_000, 250 * 2 ** Math.min(failures, 7));
        logger.error('projector failed; retrying', {
          projector: this.projector.name,
          error,
          retryInMs: delay,
        });
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.close();
    await this.running;
  }
}
