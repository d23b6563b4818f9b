/**
 * The operator's console (`/admin/operations`): every read model's generation, checkpoint, lag
 * and speed; rebuilds and verifies started from the page, with their progress and verdicts; the
 * queues' depths and the imports under way.
 */
import { z } from 'zod';
import type { ImportJobStatus } from './catalogue.js';

/** POST /api/admin/operations/rebuilds and /verifies. */
export const projectorRequest = z.strictObject({
  projector: z.string({ error: 'projector is required' }).trim().min(1, 'projector is required').max(64),
});
export type ProjectorRequest = z.infer<typeof projectorRequest>;

export interface ProjectorJobStarted {
  jobId: string;
  projector: string;
  message: string;
}

export type OperationJobState = 'waiting' | 'active' | 'completed' | 'failed' | 'delayed' | 'unknown';

export interface RebuildStatus {
  jobId: string;
  state: OperationJobState;
  /** The generation being built (or built), once allocated. */
  generation: number | null;
  /** 0..100: the building generation's checkpoint against the store's head when it started. */
  percent: number;
  processed: number;
  requestedAt: string;
  failedReason: string | null;
}

export interface VerifyStatus {
  jobId: string;
  state: OperationJobState;
  requestedAt: string;
  /** Set once the verify has finished. */
  result: {
    verdict: 'equal' | 'different' | 'moved';
    servingGeneration: number;
    keys: number;
    /** The first differing keys, relative to the generation. */
    differing: string[];
    servingChecksum: string;
    rebuiltChecksum: string;
  } | null;
  failedReason: string | null;
}

export interface ProjectorOperations {
  name: string;
  generation: number | null;
  checkpoint: string | null;
  /** Events between the checkpoint and the head of the store, when the store can count them. */
  lag: number | null;
  /** Log positions passed per second over the last samples (see docs), null until two samples. */
  eventsPerSecond: number | null;
  rebuild: RebuildStatus | null;
  verify: VerifyStatus | null;
}

export interface QueueDepth {
  name: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
}

/** GET /api/admin/operations */
export interface OperationsResponse {
  sampledAt: string;
  head: string | null;
  projectors: ProjectorOperations[];
  queues: QueueDepth[];
  /** Imports queued or running. */
  imports: ImportJobStatus[];
}
