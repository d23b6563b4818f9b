import { importJobStatus, type ImportJobData, notFound } from '@cinefold/platform';
import type { Queue } from 'bullmq';
import { Router } from 'express';

/** GET /admin/datasets/jobs/{id}: how far an import has got, its rejected rows, and how it ended. */
export function importStatusRouter({ importQueue }: { importQueue: Queue<ImportJobData> }): Router {
  const router = Router();
  router.get('/admin/datasets/jobs/:id', async (req, res) => {
    const id = String(req.params.id).slice(0, 64);
    const status = await importJobStatus(importQueue, id);
    if (!status) throw notFound('There is no such import.');
    res.json(status);
  });
  return router;
}
