import type { ImportJobStatus, TitleType } from '@cinefold/contracts';
import { ApiError } from '../../lib/api-client';
import { countOf, noun } from '../../lib/numbers';

/**
 * The question a replacing import asks first, naming what it removes: `count` titles of the type,
 * or, when the count could not be read, all of them.
 */
export function replaceQuestion(type: TitleType, count: number | null): string {
  const counted = type === 'movie' ? noun('movie') : noun('TV show');
  const what =
    count === null
      ? `every ${counted.one} in the catalogue`
      : `the ${countOf(count, counted)} in the catalogue`;
  return `Replace every ${counted.one}? This first removes ${what}, then imports the file. This cannot be undone.`;
}

/** Client-side check (spec section 5): nothing is sent without a file. */
export const NO_FILE_MESSAGE = 'Please select a CSV file to upload.';
const UPLOAD_FAILED = 'Upload failed';

/** How often a long import's progress is asked for. */
export const POLL_INTERVAL_MS = 1000;

export function isFinished(job: Pick<ImportJobStatus, 'state'>): boolean {
  return job.state === 'completed' || job.state === 'failed';
}

/** An import that the worker gave up on after the upload itself was accepted. */
export class ImportFailedError extends Error {
  override readonly name = 'ImportFailedError';
  constructor(readonly job: ImportJobStatus) {
    super('The import failed');
  }
}

function errorDetail(error: unknown): string | null {
  if (error instanceof ImportFailedError) return error.job.error || null;
  if (!(error instanceof ApiError)) return null;
  const body = error.body;
  return typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
    ? body.error || null
    : null;
}

/**
 * What the import form shows for a failure (spec section 8): the server's message, else the
 * error's message, else 'Upload failed'; a detail the server sent in `error` follows a colon.
 */
export function uploadErrorMessage(error: unknown): string {
  const message =
    error instanceof ApiError && error.serverMessage
      ? error.serverMessage
      : error instanceof Error && error.message
        ? error.message
        : UPLOAD_FAILED;
  const detail = errorDetail(error);
  return detail && detail !== message ? `${message}: ${detail}` : message;
}

export interface WaitOptions {
  readonly fetchJob: (jobId: string) => Promise<ImportJobStatus>;
  readonly onProgress?: (job: ImportJobStatus) => void;
  readonly intervalMs?: number;
  readonly signal?: AbortSignal;
  /** Replaceable in tests. */
  readonly sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Follows an import the upload answered before it was done (202) until it ends, reporting each
 * step; resolves with the finished job, or rejects with `ImportFailedError` if it failed.
 */
export async function waitForImport(start: ImportJobStatus, options: WaitOptions): Promise<ImportJobStatus> {
  const sleep = options.sleep ?? defaultSleep;
  let job = start;
  while (!isFinished(job)) {
    options.onProgress?.(job);
    await sleep(options.intervalMs ?? POLL_INTERVAL_MS);
    options.signal?.throwIfAborted();
    job = await options.fetchJob(job.jobId);
  }
  if (job.state === 'failed') throw new ImportFailedError(job);
  return job;
}

/** 0..100 for the progress bar; the server reports 0..1 by bytes read. */
export function progressPercent(job: Pick<ImportJobStatus, 'progress'>): number {
  const value = Number.isFinite(job.progress) ? job.progress : 0;
  return Math.round(Math.min(1, Math.max(0, value)) * 100);
}
