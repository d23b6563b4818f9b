import {
  datasetUploadForm,
  type ImportJobStatus,
  type ImportMode,
  type TitleType,
} from '@cinefold/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContentQueryRoot } from '../../../lib/admin-content-query-root';
import { apiClient } from '../../../lib/api-client';
import { catalogueQueryRoot } from '../../../lib/catalogue-query-root';
import { waitForImport } from '../import-job';
import { getImportJobQueryOptions } from './get-import-job';
import { importJobKeys } from './import-keys';

export interface DatasetUpload {
  readonly file: File;
  readonly type: TitleType;
  readonly mode: ImportMode;
  /** Stops following the import (the screen went away); the import itself carries on. */
  readonly signal?: AbortSignal;
}

/** POST /admin/datasets/upload as multipart; the browser writes the content type and boundary. */
export function uploadDataset({ file, type, mode }: DatasetUpload): Promise<ImportJobStatus> {
  return apiClient.post<ImportJobStatus>(
    '/admin/datasets/upload',
    datasetUploadForm(file, file.name, { type, mode }),
  );
}

export interface UploadDatasetOptions {
  /** Each step of an import that outlasted the upload (a 202 answer), for the progress bar. */
  readonly onProgress?: (job: ImportJobStatus) => void;
}

/**
 * Uploads a CSV and, when the server answers before the import is done, follows the job until it
 * ends; the mutation settles with the finished job. A finished import changes the catalogue, so
 * every cached catalogue read and the admin content table are dropped.
 */
export function useUploadDataset({ onProgress }: UploadDatasetOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (upload: DatasetUpload) => {
      const started = await uploadDataset(upload);
      return waitForImport(started, {
        fetchJob: (jobId) => queryClient.fetchQuery(getImportJobQueryOptions(jobId)),
        onProgress,
        signal: upload.signal,
      });
    },
    onSettled: (job) => {
      if (job) queryClient.removeQueries({ queryKey: importJobKeys.job(job.jobId) });
      void queryClient.invalidateQueries({ queryKey: catalogueQueryRoot });
      void queryClient.invalidateQueries({ queryKey: adminContentQueryRoot });
    },
  });
}
