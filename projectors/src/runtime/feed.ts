/**
 * Feeding one generation of a read model from the log up to a position: a rebuild's catch-up and
 * verify's scratch build. As the live runner does, the next batch is read, decoded and prepared
 * while the last one is applied and committed (`GenerationWriter.applyOverlapped`), in batches of
 * the projector's own size. A replay used to wait for each commit before it read on, in batches of
 * 1,000, and never prepared a batch ahead: the catalogue replayed at about half the rate of an
 * import (bench/README.md, fifteenth session).
 */
import { comparePositions, type EventStore, type Position, START } from '@cinefold/platform';
import {
  batchSizeOf,
  type GenerationWriter,
  payloadTypesOf,
  type Projector,
  streamsStoodFor,
} from '@cinefold/read-models';

export interface FeedOptions {
  /** Events read at a time: the projector's own (`batchSizeOf`) unless given. */
  readonly batchSize?: number;
  /** Checked between batches; when aborted the feed stops (its generation resumable) and throws. */
  readonly signal?: AbortSignal;
  /**
   * After each batch is handed to the writer (which applies and commits it while the next is
   * read): how many events it had and where the feed got to.
   */
  readonly onBatch?: (events: number, position: Position) => void | Promise<void>;
  /**
   * The generation does not serve yet: the streams the projector's `supersedes` names up to the
   * target are not read (see `supersededStreams`), and the batches are applied as a build, the
   * projector's `completeBuild` run before the one that reaches the target.
   */
  readonly unserved?: boolean;
}

export function stopIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new DOMException('aborted', 'AbortError');
}

/**
 * Applies the log's events to `writer` until its checkpoint is exactly `target`, not one event
 * further, and waits for the last commit. Returns how many events were applied.
 */
export async function feedTo(
  writer: GenerationWriter,
  store: EventStore,
  target: Position,
  options: FeedOptions = {},
): Promise<number> {
  const { projector } = writer;
  const batchSize = options.batchSize ?? batchSizeOf(projector);
  let position = await writer.checkpoint();
  writer.buildUpTo(options.unserved ? target : null);
  const filters = {
    payloadTypes: payloadTypesOf(projector),
    types: projector.handles === 'all' ? undefined : projector.handles,
    skipStreams: options.unserved ? await supersededStreams(projector, store, target) : undefined,
  };
  let applied = 0;
  while (comparePositions(position, target) < 0) {
    stopIfAborted(options.signal);
    const batch = await store.readAll({ from: position, maxCount: batchSize, ...filters });
    const upTo = batch.filter((e) => comparePositions(e.position, target) <= 0);
    const last = upTo.length < batch.length || batch.length === 0;
    // The target may lie past the last event this projector handles: the checkpoint moves to it.
    // A failed commit is thrown by the next call or by `settle` below.
    await writer.applyOverlapped(upTo, () => {}, last ? target : undefined);
    applied += upTo.length;
    position = last ? target : upTo.at(-1)!.position;
    await options.onBatch?.(upTo.length, position);
  }
  await writer.settle();
  return applied;
}

const SUPERSEDING_PAGE = 1000;

/**
 * The streams a generation that does not serve yet need not read to reach `target`: those the
 * projector's `supersedes` names for its events up to there (none when it has no `supersedes`).
 * A build that would serve before reaching them reads everything: see `ProjectorDefinition.supersedes`.
 */
export async function supersededStreams(
  projector: Projector,
  store: EventStore,
  target: Position,
  now = new Date(),
): Promise<string[]> {
  const supersession = projector.supersedes;
  // EventStoreDB's adapter reads every event whatever it is told: nothing to gain from looking.
  if (!supersession || store.kind !== 'sqlite') return [];
  const { by } = supersession;
  const found: string[] = [];
  let from = START;
  for (;;) {
    const page = await store.readAll({ from, maxCount: SUPERSEDING_PAGE, types: [by], payloadTypes: [by] });
    for (const recorded of page) {
      if (comparePositions(recorded.position, target) > 0) return found;
      if (recorded.type === by) found.push(...streamsStoodFor(projector, recorded, now));
    }
    if (page.length < SUPERSEDING_PAGE) return found;
    from = page.at(-1)!.position;
  }
}
