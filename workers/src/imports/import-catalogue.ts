/**
 * The import job: reads an uploaded CSV as a stream, turns each row into a TitleImported event
 * (or a rejection with its line and reason), and appends them to the import's stream in batches.
 *
 * The import stream is also the job's memory: every batch records the lines it covered, so a job
 * that was interrupted (a worker killed, a deploy) resumes after the last line it appended,
 * and the expected revision makes sure two workers can never append the same batch twice.
 */
import { rm, stat } from 'node:fs/promises';
import {
  type CinefoldEvent,
  type ImportJobStatus,
  type Movie,
  type RejectedRow,
  streams,
  type TitleType,
  type TvShow,
} from '@cinefold/contracts';
import {
  type CommandContext,
  CsvProblem,
  type EventLog,
  inspectCsv,
  readCsv,
  readImport,
  importStatus,
  REJECTIONS_KEPT,
  systemContext,
} from '@cinefold/platform';
import { UnrecoverableError } from 'bullmq';
import { rowReader } from './rows.js';

export interface ImportJob {
  readonly jobId: string;
}

/** Rows per appended batch. */
export const IMPORT_BATCH = 500;
const PROGRESS_EVERY_MS = 250;

export class ImportInterrupted extends Error {
  override readonly name = 'ImportInterrupted';
}

function titleImported(type: TitleType, line: number, title: Movie | TvShow): CinefoldEvent {
  return type === 'movie'
    ? { type: 'TitleImported', data: { type, line, title: title as Movie } }
    : { type: 'TitleImported', data: { type, line, title: title as TvShow } };
}

export async function importCatalogue(
  job: ImportJob,
  deps: {
    log: EventLog;
    signal?: AbortSignal;
    onProgress?: (status: ImportJobStatus) => Promise<void> | void;
  },
): Promise<ImportJobStatus> {
  const { log } = deps;
  const stream = streams.importJob(job.jobId);
  const read = await readImport(log, job.jobId);
  const { state } = read;
  let revision = read.revision;
  // Retrying cannot make an import appear: fail the job once.
  if (!state.requested) throw new UnrecoverableError(`no import ${job.jobId}`);
  const { type, mode, file } = state.requested;
  if (state.outcome) {
    await discardUpload(file); // a run that stopped between the outcome and the deletion
    return importStatus(job.jobId, state, 1);
  }
  const context: CommandContext = { ...systemContext(), actor: 'import-worker', causationId: job.jobId };

  const append = async (events: CinefoldEvent[]) => {
    const result = await log.append(stream, events, {
      expectedRevision: revision ?? 'no_stream',
      context: { ...context, now: new Date() },
    });
    revision = result.nextRevision;
  };

  if (mode === 'replace' && !state.truncated) {
    await append([{ type: 'CatalogueTruncated', data: { jobId: job.jobId, type } }]);
    state.truncated = true;
  }

  try {
    const { encoding, header } = await inspectCsv(file, type);
    const totalBytes = (await stat(file)).size;
    const read = rowReader(type, header);
    let batch: CinefoldEvent[] = [];
    let rejectedInBatch: RejectedRow[] = [];
    let progress = 0;
    // Progress goes to the queue in Redis, which a busy projection can keep waiting: report at
    // most every 250 ms, one report at a time, without holding the import up for it.
    let reporting: Promise<void> | null = null;
    let reportedAt = Number.NEGATIVE_INFINITY;
    const report = () => {
      if (!deps.onProgress || reporting || performance.now() - reportedAt < PROGRESS_EVERY_MS) return;
      reportedAt = performance.now();
      reporting = Promise.resolve(deps.onProgress(importStatus(job.jobId, state, progress)))
        .catch(() => undefined) // advisory: the next report carries the same figures
        .finally(() => {
          reporting = null;
        });
    };
    const flush = async () => {
      if (batch.length === 0 && rejectedInBatch.length === 0) return;
      const events = [...batch];
      if (rejectedInBatch.length > 0)
        events.push({ type: 'CatalogueRowsRejected', data: { rows: rejectedInBatch } });
      await append(events);
      batch = [];
      rejectedInBatch = [];
      report();
      if (deps.signal?.aborted) throw new ImportInterrupted('the worker is shutting down');
    };
    const reject = (row: RejectedRow) => {
      state.rejected++;
      state.lastLine = row.line;
      if (state.rejections.length < REJECTIONS_KEPT) state.rejections.push(row);
      rejectedInBatch.push(row);
    };

    let isHeader = true;
    const { unterminatedAtLine } = await readCsv(file, encoding, async (records, bytesRead) => {
      progress = Math.min(0.999, bytesRead / Math.max(1, totalBytes));
      for (const record of records) {
        if (isHeader) {
          isHeader = false;
          continue;
        }
        if (record.line <= state.lastLine) continue; // appended before an interruption
        const row = read(record.fields);
        if (row.ok) {
          batch.push(titleImported(type, record.line, row.title));
          state.processed++;
          state.lastLine = record.line;
        } else {
          reject({ line: record.line, reason: row.reason });
        }
        if (batch.length + rejectedInBatch.length >= IMPORT_BATCH) await flush();
      }
    });
    if (unterminatedAtLine !== null && unterminatedAtLine > state.lastLine) {
      reject({
        line: unterminatedAtLine,
        reason: 'the row is cut short: a quoted field is never closed (the file may be truncated)',
      });
    }
    await flush();
    await reporting;
    await append([
      {
        type: 'CatalogueImportCompleted',
        data: { jobId: job.jobId, processed: state.processed, rejected: state.rejected },
      },
    ]);
    state.outcome = 'completed';
    await discardUpload(file);
    return importStatus(job.jobId, state, 1);
  } catch (error) {
    // A file that turns out unreadable, or is gone, is an outcome; anything else (a conflict,
    // an outage) is thrown for the queue to retry, and the retry resumes where this attempt stopped.
    const reason =
      error instanceof CsvProblem
        ? error.message
        : (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? 'The uploaded file is no longer there: upload it again.'
          : null;
    if (reason === null) throw error;
    await append([{ type: 'CatalogueImportFailed', data: { jobId: job.jobId, reason } }]);
    state.outcome = 'failed';
    state.error = reason;
    await discardUpload(file);
    return importStatus(job.jobId, state, 1);
  }
}

/**
 * Once an import has an outcome its file is of no more use: the events hold every row it gave,
 * and a failed import is started again by uploading again. Uploads are up to 2 GB each.
 */
export async function discardUpload(file: string): Promise<void> {
  await rm(file, { force: true });
}
