/**
 * The catalogue. An import is one stream (`import-{jobId}`): the request, in replace mode the
 * truncation of that content type, then the rows in batches as they were read (each with its
 * line, so a resumed import knows where it stopped), then the outcome. A title's own stream
 * (`title-{type}-{id}`) holds what admins do to it.
 */
import { z } from 'zod';
import { movieRecord, tvRecord } from '../api/catalogue.js';
import { importMode, titleType, type TitleType } from '../vocabulary.js';
import { defineEvent } from './define.js';

export const CatalogueImportRequested = defineEvent(
  'CatalogueImportRequested',
  z.object({
    jobId: z.string(),
    type: titleType,
    mode: importMode,
    file: z.string(),
    fileName: z.string(),
    bytes: z.number(),
  }),
);
export const CatalogueTruncated = defineEvent(
  'CatalogueTruncated',
  z.object({ jobId: z.string(), type: titleType }),
);
export const TitleImported = defineEvent(
  'TitleImported',
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('movie'), line: z.number(), title: movieRecord }),
    z.object({ type: z.literal('tv'), line: z.number(), title: tvRecord }),
  ]),
);
export const CatalogueRowsRejected = defineEvent(
  'CatalogueRowsRejected',
  z.object({ rows: z.array(z.object({ line: z.number(), reason: z.string() })) }),
);
export const CatalogueImportCompleted = defineEvent(
  'CatalogueImportCompleted',
  z.object({ jobId: z.string(), processed: z.number(), rejected: z.number() }),
);
export const CatalogueImportFailed = defineEvent(
  'CatalogueImportFailed',
  z.object({ jobId: z.string(), reason: z.string() }),
);
const titleRef = z.object({ type: titleType, id: z.number() });
export const TitleHidden = defineEvent('TitleHidden', titleRef);
export const TitleUnhidden = defineEvent('TitleUnhidden', titleRef);
export const TitleDeleted = defineEvent('TitleDeleted', titleRef);

/** Asked once, on a store that had no catalogue, so that a first `npm start` has titles to show. */
export const DemoCatalogueRequested = defineEvent(
  'DemoCatalogueRequested',
  z.object({ movies: z.number(), tvShows: z.number() }),
);

export const catalogueEvents = [
  CatalogueImportRequested,
  CatalogueTruncated,
  TitleImported,
  CatalogueRowsRejected,
  CatalogueImportCompleted,
  CatalogueImportFailed,
  TitleHidden,
  TitleUnhidden,
  TitleDeleted,
  DemoCatalogueRequested,
] as const;

export const catalogueStreams = {
  importJob: (jobId: string) => `import-${jobId}`,
  title: (type: TitleType, id: number) => `title-${type}-${id}`,
  demoCatalogue: () => 'demo-catalogue',
} as const;
