import type { ImportJobStatus } from '@cinefold/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { importJobKeys } from './import-keys';

/** GET /admin/datasets/jobs/{id}: how far an import has got. */
export function fetchImportJob(jobId: string): Promise<ImportJobStatus> {
  return apiClient.get<ImportJobStatus>(`/admin/datasets/jobs/${encodeURIComponent(jobId)}`);
}

/** The job as it is now; each poll asks the server again. */
export function getImportJobQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: importJobKeys.job(jobId),
    queryFn: () => fetchImportJob(jobId),
    staleTime: 0,
    // A poll that hits a blip asks again rather than reporting the whole import as failed.
    retry: 2,
  });
}
