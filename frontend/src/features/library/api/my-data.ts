import {
  type ListFileRow,
  listFileForm,
  type ListImportPreview,
  type ListImportStatus,
  type ListImportTarget,
} from '@cinefold/contracts';
import { API_BASE_PATH, ApiError, apiClient, apiRequest, TOKEN_STORAGE_KEY } from '../../../lib/api-client';

/** POST /user/imports as multipart: the file read and matched, nothing written yet. */
export function previewListFile(file: File, list: ListImportTarget): Promise<ListImportPreview> {
  return apiClient.post<ListImportPreview>('/user/imports', listFileForm(file, file.name, list));
}

export function startListImport(
  previewId: string,
  choices: Record<string, string>,
): Promise<ListImportStatus> {
  return apiClient.post<ListImportStatus>(`/user/imports/${previewId}`, { choices });
}

export function getListImport(previewId: string): Promise<ListImportStatus> {
  return apiClient.get<ListImportStatus>(`/user/imports/${previewId}`);
}

/** Follows an import until its job ends, reporting each step. */
export async function waitForListImport(
  started: ListImportStatus,
  onProgress: (status: ListImportStatus) => void,
): Promise<ListImportStatus> {
  let status = started;
  while (status.state !== 'completed' && status.state !== 'failed') {
    onProgress(status);
    await new Promise((resolve) => setTimeout(resolve, 300));
    status = await getListImport(status.jobId);
  }
  return status;
}

/** Saves `content` as a file named `name` through the browser's download. */
export function saveFile(name: string, content: Blob): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads one of the member's exports (signed in: the token goes in the header, not the address). */
export async function downloadExport(path: string, name: string): Promise<void> {
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  const response = await fetch(`${API_BASE_PATH}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? null, body);
  }
  saveFile(name, await response.blob());
}

const csvField = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The rows the catalogue has not got, as a CSV the member can keep (Letterboxd's import columns). */
export function notFoundCsv(rows: readonly ListFileRow[]): string {
  const lines = ['Title,Year,Line'];
  for (const row of rows) lines.push([csvField(row.title), row.year ?? '', String(row.line)].join(','));
  return `${lines.join('\n')}\n`;
}

export function deleteAccount(password: string): Promise<{ message: string }> {
  // A wrong password answers 400, not 401: the member stays on the page to try again.
  return apiRequest<{ message: string }>('/auth/me', { method: 'DELETE', body: { password } });
}
