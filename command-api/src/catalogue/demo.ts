import { streams } from '@cinefold/contracts';
import {
  type DemoCatalogueJobData,
  type EventLog,
  systemContext,
  WrongExpectedVersionError,
} from '@cinefold/platform';
import type { Queue } from 'bullmq';

export const DEMO_SIZE: DemoCatalogueJobData = { movies: 400, tvShows: 80 };
// A store with more events than this is not a fresh one, whatever it holds.
const FRESH_STORE_EVENTS = 5000;

/**
 * On a store that never had a catalogue, asks the workers for a generated demo one, once: the
 * marker stream is created with 'no_stream', so restarts and replicas ask at most once between them.
 */
export async function requestDemoCatalogue(
  log: EventLog,
  queue: Queue<DemoCatalogueJobData>,
): Promise<boolean> {
  const earliest = await log.store.readAll({ maxCount: FRESH_STORE_EVENTS + 1 });
  const hasCatalogue = earliest.some(
    (e) => e.type === 'CatalogueImportRequested' || e.type === 'DemoCatalogueRequested',
  );
  if (earliest.length > FRESH_STORE_EVENTS || hasCatalogue) return false;
  try {
    await log.append(streams.demoCatalogue(), [{ type: 'DemoCatalogueRequested', data: { ...DEMO_SIZE } }], {
      expectedRevision: 'no_stream',
      context: { ...systemContext(), actor: 'demo-seed' },
    });
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return false;
    throw error;
  }
  await queue.add('seed', DEMO_SIZE, { jobId: 'demo-catalogue', attempts: 3 });
  return true;
}
