/** Queue names and job payloads, shared by the services that enqueue and the ones that work. */
import type { ImportMode, ListImportTarget, TitleType } from '@cinefold/contracts';

export const QUEUES = {
  projectionReplay: 'projection-replay',
  projectionVerify: 'projection-verify',
  supportMail: 'support-mail',
  catalogueImport: 'catalogue-import',
  demoCatalogue: 'demo-catalogue',
  trafficBooks: 'traffic-books',
  listImport: 'list-import',
} as const;

export interface DemoCatalogueJobData {
  readonly movies: number;
  readonly tvShows: number;
}

/**
 * How often an import is tried: after a failure, or after its worker stopped answering past its
 * lock. Each attempt resumes where the one before stopped (the import's stream says where).
 */
export const IMPORT_ATTEMPTS = 5;

export interface ImportJobData {
  readonly jobId: string;
  readonly type: TitleType;
  readonly mode: ImportMode;
}

export interface ReplayJobData {
  readonly projector: string;
  /** Set once the job has allocated its generation, so a retried job resumes it. */
  readonly generation?: number;
}

export interface TrafficBooksJobData {
  /** IANA zone of the site's days (SITE_TIME_ZONE). */
  readonly timeZone: string;
  /** ANALYTICS_RETENTION_DAYS. */
  readonly retentionDays: number;
}

export interface VerifyJobData {
  readonly projector: string;
}

/** A member's list file to import: the preview (see platform's lists/list-import.ts) names it all. */
export interface ListImportJobData {
  readonly previewId: string;
  readonly userId: string;
  /** The list the preview was made for (the preview says it too; this outlives it, for the status). */
  readonly list: ListImportTarget;
  /** For ambiguous rows: line → the candidate chosen (`movie:603`). */
  readonly choices: Readonly<Record<string, string>>;
}

export interface ListImportJobResult {
  readonly added: number;
  readonly kept: number;
  /** Where the last title added is in the log (encoded), for the member's next reads to wait for. */
  readonly position: string | null;
}
