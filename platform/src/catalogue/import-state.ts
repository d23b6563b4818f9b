/**
 * What an import's stream says about it: the request, how far it got, what was rejected, and
 * how it ended. The worker resumes from it; the status route reports it.
 */
import {
  type ImportJobStatus,
  type ImportMode,
  type RejectedRow,
  streams,
  type TitleType,
} from '@cinefold/contracts';
import type { EventLog, StoredEvent } from '../events/event-log.js';

/** Rejections kept with their reasons; beyond this only counted. */
export const REJECTIONS_KEPT = 100;

export interface ImportState {
  requested: { type: TitleType; mode: ImportMode; file: string } | null;
  truncated: boolean;
  lastLine: number;
  processed: number;
  rejected: number;
  rejections: RejectedRow[];
  outcome: 'completed' | 'failed' | null;
  error: string | null;
}

/**
 * Folds an import's events, in order, a page at a time. A title's row is counted by its type
 * alone: its payload (the whole title, validated when decoded) is read only for the last one,
 * whose line is the furthest a row got, rows being appended in the file's order. Decoding every
 * row held the event loop 7 s for a million on a quiet machine, and about 20 s beside a busy
 * projector: longer than the import's queue lock, which then lapsed while a resumed import read
 * where it had stopped, and the queue failed the import (`npm run bench -- import-resume`).
 */
export class ImportFold {
  readonly state: ImportState = {
    requested: null,
    truncated: false,
    lastLine: 0,
    processed: 0,
    rejected: 0,
    rejections: [],
    outcome: null,
    error: null,
  };
  /** The stream's last revision folded; null before any. */
  revision: bigint | null = null;

  add(events: readonly StoredEvent[]): this {
    const { state } = this;
    let lastRow: StoredEvent | null = null;
    for (const stored of events) {
      this.revision = stored.revision;
      if (stored.type === 'TitleImported') {
        state.processed++;
        lastRow = stored;
        continue;
      }
      const event = stored.event;
      switch (event?.type) {
        case 'CatalogueImportRequested':
          state.requested = { type: event.data.type, mode: event.data.mode, file: event.data.file };
          break;
        case 'CatalogueTruncated':
          state.truncated = true;
          break;
        case 'CatalogueRowsRejected':
          for (const row of event.data.rows) {
            state.rejected++;
            state.lastLine = Math.max(state.lastLine, row.line);
            if (state.rejections.length < REJECTIONS_KEPT) state.rejections.push(row);
          }
          break;
        case 'CatalogueImportCompleted':
          state.outcome = 'completed';
          break;
        case 'CatalogueImportFailed':
          state.outcome = 'failed';
          state.error = event.data.reason;
          break;
      }
    }
    const row = lastRow?.event;
    if (row?.type === 'TitleImported') state.lastLine = Math.max(state.lastLine, row.data.line);
    return this;
  }
}

/** Events of an import's stream read at a time: a million rows are never held at once. */
const IMPORT_PAGE = 10_000;

/**
 * An import's state read from its stream a page at a time, and the stream's last revision (null:
 * there is no such stream). Pages are read with turns of the event loop between them, so that a
 * worker keeps renewing its job's lock while it reads a long import.
 */
export async function readImport(
  log: EventLog,
  jobId: string,
): Promise<{ state: ImportState; revision: bigint | null }> {
  const fold = new ImportFold();
  for (let from = 0n; ;) {
    const page = await log.readStream(streams.importJob(jobId), { from, maxCount: IMPORT_PAGE });
    fold.add(page);
    if (page.length < IMPORT_PAGE) return { state: fold.state, revision: fold.revision };
    from = page.at(-1)!.revision + 1n;
  }
}

export function importStatus(jobId: string, state: ImportState, progress: number): ImportJobStatus {
  return {
    jobId,
    type: state.requested?.type ?? 'movie',
    mode: state.requested?.mode ?? 'append',
    state: state.outcome ?? (state.processed + state.rejected > 0 ? 'running' : 'queued'),
    processed: state.processed,
    rejected: state.rejected,
    rejections: state.rejections,
    progress: state.outcome === 'completed' ? 1 : progress,
    ...(state.error ? { error: state.error } : {}),
  };
}
