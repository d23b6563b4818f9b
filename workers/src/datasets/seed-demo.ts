/**
 * The demo catalogue a first `npm start` shows: generated CSVs in both schemas, imported through
 * the same job as any upload, so the demo exercises the real pipeline.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { streams } from '@cinefold/contracts';
import { type DemoCatalogueJobData, type EventLog, systemContext } from '@cinefold/platform';
import { importCatalogue } from '../imports/import-catalogue.js';
import { writeCsv } from './write.js';

export async function seedDemoCatalogue(
  job: DemoCatalogueJobData,
  deps: { log: EventLog; dataDir: string },
): Promise<{ movies: number; tvShows: number }> {
  const uploads = join(deps.dataDir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  const imported = { movies: 0, tvShows: 0 };
  for (const [type, count] of [
    ['movie', job.movies],
    ['tv', job.tvShows],
  ] as const) {
    const file = join(uploads, `demo-${type}.csv`);
    const { bytes } = await writeCsv(file, type, count, type === 'movie' ? 7 : 11);
    const jobId = randomUUID();
    await deps.log.append(
      streams.importJob(jobId),
      [
        {
          type: 'CatalogueImportRequested',
          data: { jobId, type, mode: 'append', file, fileName: `demo-${type}.csv`, bytes },
        },
      ],
      { expectedRevision: 'no_stream', context: { ...systemContext(), actor: 'demo-seed' } },
    );
    const status = await importCatalogue({ jobId }, { log: deps.log });
    if (type === 'movie') imported.movies = status.processed;
    else imported.tvShows = status.processed;
  }
  return imported;
}
