import { type ImportJobStatus, queuedImport } from '@cinefold/contracts';
import type { Queue } from 'bullmq';
import type { ImportJobData } from '../queue/names.js';
import { jobStateAsRead } from '../queue/queue.js';

/**
 * An import's status from its queue job: the worker reports progress as it goes and returns the
 * final status. Null for an unknown job (or one the queue has long since forgotten).
 */
export async function importJobStatus(
  queue: Queue<ImportJobData>,
  jobId: string,
): Promise<ImportJobStatus | null> {
  const job = await queue.getJob(jobId);
  if (!job) return null;
  const state = await jobStateAsRead(job);
  if (state === 'completed') return job.returnvalue as ImportJobStatus;
  const progress = typeof job.progress === 'object' ? (job.progress as unknown as ImportJobStatus) : null;
  // Until the worker first reports: queued, with the type and mode the upload asked for.
  const sofar = progress ?? queuedImport(jobId, job.data.type, job.data.mode);
  if (state === 'failed')
    return { ...sofar, state: 'failed', error: job.failedReason ?? 'The import failed.' };
  return sofar;
}
