/**
 * Replay without downtime: build generation N+1 from the first event while N keeps serving,
 * switch the active pointer in one command, catch N+1 up on whatever arrived meanwhile, then
 * delete N. Readers see either N or N+1, never a half-built read model.
 */

import {
  comparePositions,
  type EventStore,
  encodePosition,
  POSITIONS_CHANNEL,
  type Position,
  readModelKeys,
  scanKeys,
} from '@cinefold/platform';
import { GenerationWriter, type Projector } from '@cinefold/read-models';
import type { Redis } from 'ioredis';
import { feedTo } from './feed.js';
import { allocateGeneration } from './runner.js';

export interface RebuildProgress {
  readonly projector: string;
  readonly generation: number;
  readonly processed: number;
  /** 0..1, by position: exact for SQLite, approximate for EventStoreDB. */
  readonly fraction: number;
  readonly eventsPerSecond: number;
  readonly etaSeconds: number | null;
}

export interface RebuildOptions {
  readonly store: EventStore;
  /** A connection of its own (WATCH is per connection). */
  readonly redis: Redis;
  readonly batchSize?: number;
  /** Resume a rebuild that was interrupted: keep writing this generation from its checkpoint. */
  readonly generation?: number;
  readonly onGenerationAllocated?: (generation: number) => void | Promise<void>;
  readonly onProgress?: (progress: RebuildProgress) => void | Promise<void>;
  /** Least time between two progress reports (default 200 ms). */
  readonly progressIntervalMs?: number;
  /** Checked between batches; when aborted the rebuild stops, resumable, and throws AbortError. */
  readonly signal?: AbortSignal;
}

export interface RebuildResult {
  readonly generation: number;
  readonly previousGeneration: number | null;
  readonly processed: number;
  readonly seconds: number;
}

function fractionOf(position: Position, head: Position): number {
  if (head.commit <= 0n) return 1;
  const value = Number(position.commit < 0n ? 0n : position.commit) / Number(head.commit);
  return Math.min(1, Math.max(0, value));
}

/** Deletes every key of one generation, without blocking Redis (also used by verify's scratch). */
export async function deleteGeneration(redis: Redis, projector: string, generation: number): Promise<void> {
  const pattern = `${readModelKeys.generationPrefix(projector, generation)}*`;
  // The generation's keys share the projector's hash slot: one UNLINK per page, on a cluster too.
  for await (const keys of scanKeys(redis, pattern)) await redis.unlink(...keys);
  await redis.unlink(readModelKeys.version(projector, generation));
}

export async function rebuildProjection(
  projector: Projector,
  options: RebuildOptions,
): Promise<RebuildResult> {
  const { store, redis } = options;
  const started = performance.now();
  const generation = options.generation ?? (await allocateGeneration(redis, projector));
  await options.onGenerationAllocated?.(generation);
  const writer = new GenerationWriter(projector, { redis, generation, requireActive: false });
  let processed = 0;
  let lastReport = 0;

  /**
   * Up to the head as it was when this catch-up began, not the moving one: on a busy site events
   * arrive faster than a batch is applied, and a chase of the head would never end. What comes
   * later is the live runners' (after the switch) or the next catch-up's.
   */
  const catchUp = async (target: GenerationWriter, { unserved }: { unserved: boolean }) => {
    const startPosition = await target.checkpoint();
    const head = await store.headPosition();
    await feedTo(target, store, head, {
      batchSize: options.batchSize,
      signal: options.signal,
      unserved,
      onBatch: async (events, position) => {
        processed += events;
        const now = performance.now();
        if (
          !options.onProgress ||
          (now - lastReport < (options.progressIntervalMs ?? 200) && comparePositions(position, head) < 0)
        )
          return;
        lastReport = now;
        const seconds = (now - started) / 1000;
        const fraction = fractionOf(position, head);
        const rate = processed / Math.max(seconds, 1e-3);
        const done = fraction - fractionOf(startPosition, head);
        await options.onProgress({
          projector: projector.name,
          generation,
          processed,
          fraction,
          eventsPerSecond: Math.round(rate),
          etaSeconds: done > 0 ? ((1 - fraction) * seconds) / done : null,
        });
      },
    });
  };

  await catchUp(writer, { unserved: true });

  const activeKey = readModelKeys.active(projector.name);
  const previous = await redis.getset(activeKey, String(generation));
  const previousGeneration = previous === null ? null : Number(previous);
  // Anything appended between the end of the catch-up and the switch went to the old
  // generation; catch the new one up on it now that it is the one live runners write to.
  await catchUp(new GenerationWriter(projector, { redis, generation, requireActive: true }), {
    unserved: false,
  });
  await redis.publish(
    POSITIONS_CHANNEL,
    JSON.stringify({
      projector: projector.name,
      generation,
      position: encodePosition(await writer.checkpoint()),
      active: true,
    }),
  );
  if (previousGeneration !== null && previousGeneration !== generation) {
    await deleteGeneration(redis, projector.name, previousGeneration);
  }
  return { generation, previousGeneration, processed, seconds: (performance.now() - started) / 1000 };
}
