/**
 * What an import's stream says about it: the request, how far it got, what was rejected, and
 * how it ended. The worker resumes from it; the status route reports it.
 */
import type { ImportJobStatus, ImportMode, RejectedRow, TitleType } from '@cinefold/contracts';
import type { StoredEvent } from '../events/event-log.js';

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

export function foldImport(events: readonly StoredEvent[]): ImportState {
  const state: ImportState = {
    requested: null,
    truncated: false,
    lastLine: 0,
    processed: 0,
    rejected: 0,
    rejections: [],
    outcome: null,
    error: null,
  };
  for (const stored of events) {
    const event = stored.event;
    switch (event?.type) {
      case 'CatalogueImportRequested':
        state.requested = { type: event.data.type, mode: event.data.mode, file: event.data.file };
        break;
      case 'CatalogueTruncated':
        state.truncated = true;
        break;
      case 'TitleImported':
        state.processed++;
        state.lastLine = Math.max(state.lastLine, event.data.line);
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
  return state;
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
