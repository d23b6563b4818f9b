import {
  type Endpoint,
  endpoint,
  importJobStatus,
  type ImportJobData,
  notFound,
  ok,
} from '@cinefold/platform';
import type { Queue } from 'bullmq';
import { z } from 'zod';

/** Any id: an unknown one is not found. */
const schemas = { params: z.object({ id: z.string() }) };

/** GET /admin/datasets/jobs/{id}: how far an import has got, its rejected rows, and how it ended. */
export function importStatusEndpoint({ importQueue }: { importQueue: Queue<ImportJobData> }): Endpoint {
  return endpoint({
    method: 'GET',
    path: '/api/admin/datasets/jobs/:id',
    schemas,
    access: 'admin',
    handle: async ({ params }) => {
      const status = await importJobStatus(importQueue, params.id.slice(0, 64));
      if (!status) throw notFound('There is no such import.');
      return ok(status);
    },
  });
}
