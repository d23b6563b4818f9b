import { encodePosition, type EventStore, type Position, readProjectionStatus } from '@cinefold/platform';
import type { Redis } from 'ioredis';

export interface ProjectorStatus {
  readonly name: string;
  readonly generation: number | null;
  readonly checkpoint: string | null;
  /** Events between the checkpoint and the head of the store, when the store can count them. */
  readonly lag: number | null;
}

function lagBetween(store: EventStore, head: Position, checkpoint: Position | null): number | null {
  const reached = checkpoint?.commit ?? -1n;
  if (reached >= head.commit) return 0;
  if (store.kind !== 'sqlite') return null;
  return Number(head.commit - (reached < 0n ? 0n : reached));
}

/** Each projector's active generation and how far behind the store's head it is. */
export async function projectorStatuses(
  store: EventStore,
  redis: Redis,
  names: readonly string[],
  head: Position | null,
): Promise<ProjectorStatus[]> {
  return Promise.all(
    names.map(async (name) => {
      const status = await readProjectionStatus(redis, name);
      return {
        name,
        generation: status.generation,
        checkpoint: status.checkpoint ? encodePosition(status.checkpoint) : null,
        lag: head ? lagBetween(store, head, status.checkpoint) : null,
      };
    }),
  );
}
