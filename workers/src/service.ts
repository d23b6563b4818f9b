/** The workers service: BullMQ workers for long or deferred jobs. */
import { streams } from '@cinefold/contracts';
import {
  createQueue,
  type DemoCatalogueJobData,
  type EventLog,
  IMPORT_ATTEMPTS,
  type ImportJobData,
  type ListImportJobData,
  type ListImportJobResult,
  type Logger,
  QUEUES,
  readImport,
  Rejection,
  returnToQueue,
  type RunningWorker,
  startWorker,
  systemContext,
  type TrafficBooksJobData,
} from '@cinefold/platform';
import { UnrecoverableError } from 'bullmq';
import { seedDemoCatalogue } from './datasets/seed-demo.js';
import { discardUpload, importCatalogue, ImportInterrupted } from './imports/import-catalogue.js';
import { type DeliverContactMessage, deliverContactMessage } from './support/deliver-contact-message.js';
import { closeTrafficBooks, type TrafficBooksResult } from './traffic/close-traffic-days.js';

/** How often the books of traffic are looked at: a day is closed within this of its grace ending. */
export const TRAFFIC_BOOKS_EVERY_MS = 10 * 60_000;

export interface WorkersService {
  stop(): Promise<void>;
}

/**
 * After the queue's last attempt, the import's stream says so, so nobody waits for it forever,
 * and its file is deleted.
 */
async function recordFailure(log: EventLog, jobId: string, reason: string): Promise<void> {
  const { state, revision } = await readImport(log, jobId);
  if (revision === null) return; // no such import: nothing to record it on
  if (!state.outcome) {
    await log.append(streams.importJob(jobId), [{ type: 'CatalogueImportFailed', data: { jobId, reason } }], {
      expectedRevision: revision,
      context: { ...systemContext(), actor: 'import-worker', causationId: jobId },
    });
  }
  if (state.requested) await discardUpload(state.requested.file);
}

export function startWorkersService(options: {
  log: EventLog;
  redisUrl: string;
  dataDir: string;
  logger: Logger;
  /** The sender of the support inbox's messages (MAIL_FROM). */
  mailFrom: string;
  /** Closing the books of traffic (SITE_TIME_ZONE, ANALYTICS_RETENTION_DAYS); off when absent. */
  trafficBooks?: TrafficBooksJobData;
  graceMs?: number;
  /**
   * A member's list file imported into their list (the command side's decision, handed in by
   * whoever starts the service); the queue is not worked without it.
   */
  importList?: (
    data: ListImportJobData,
    onProgress: (percent: number, added: number) => Promise<void>,
  ) => Promise<ListImportJobResult>;
}): WorkersService {
  const { log, dataDir, logger, redisUrl, mailFrom } = options;
  const grace = options.graceMs ? { graceMs: options.graceMs } : {};
  const workers: RunningWorker[] = [
    startWorker<DeliverContactMessage, { file: string }>(
      QUEUES.supportMail,
      (job) => deliverContactMessage(job.data, { log, dataDir, mailFrom }),
      { redisUrl, logger: logger.child('support-mail'), concurrency: 4, ...grace },
    ),
    startWorker<ImportJobData, unknown>(
      QUEUES.catalogueImport,
      async (job, context) => {
        try {
          return await importCatalogue(job.data, {
            log,
            signal: context.signal,
            onProgress: (status) => job.updateProgress({ ...status }),
          });
        } catch (error) {
          if (error instanceof ImportInterrupted) return returnToQueue(job, context);
          const attempts = job.opts.attempts ?? 1;
          if (error instanceof UnrecoverableError || job.attemptsMade + 1 >= attempts) {
            await recordFailure(log, job.data.jobId, error instanceof Error ? error.message : String(error));
          }
          throw error;
        }
      },
      // A killed worker's import is taken over within about ten seconds, and resumes; so does one
      // whose worker stopped answering for longer than that, as often as it may be tried.
      {
        redisUrl,
        logger: logger.child('imports'),
        concurrency: 1,
        lockDurationMs: 10_000,
        maxStalledCount: IMPORT_ATTEMPTS,
        ...grace,
      },
    ),
    startWorker<DemoCatalogueJobData, unknown>(
      QUEUES.demoCatalogue,
      (job) => seedDemoCatalogue(job.data, { log, dataDir }),
      { redisUrl, logger: logger.child('demo'), concurrency: 1, ...grace },
    ),
  ];
  const { importList } = options;
  if (importList) {
    workers.push(
      startWorker<ListImportJobData, ListImportJobResult>(
        QUEUES.listImport,
        async (job) => {
          try {
            return await importList(job.data, async (percent, added) => {
              await job.updateProgress({ percent, added });
            });
          } catch (error) {
            // A refusal (the list filled up meanwhile, the preview expired) is the same on a retry.
            if (error instanceof Rejection) throw new UnrecoverableError(error.message);
            throw error;
          }
        },
        { redisUrl, logger: logger.child('list-imports'), concurrency: 2, ...grace },
      ),
    );
  }
  const scheduling: Promise<unknown>[] = [];
  if (options.trafficBooks) {
    workers.push(
      startWorker<TrafficBooksJobData, TrafficBooksResult>(
        QUEUES.trafficBooks,
        (job) => closeTrafficBooks({ log, ...job.data }),
        { redisUrl, logger: logger.child('traffic-books'), concurrency: 1, ...grace },
      ),
    );
    // One scheduler whatever the number of workers: each start sets it again (same id) with the
    // configuration of the newest one. An `every` scheduler runs its first job at once (asking
    // for that with `immediately` only makes BullMQ print a warning).
    const queue = createQueue<TrafficBooksJobData, TrafficBooksResult>(QUEUES.trafficBooks, redisUrl);
    scheduling.push(
      queue
        .upsertJobScheduler(
          'close-traffic-days',
          { every: TRAFFIC_BOOKS_EVERY_MS },
          { name: 'close-traffic-days', data: options.trafficBooks },
        )
        .catch((error: unknown) => logger.error('could not schedule the books of traffic', { error }))
        .finally(() => queue.close()),
    );
  }
  return {
    async stop() {
      await Promise.allSettled(scheduling);
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
