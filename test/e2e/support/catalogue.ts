import { datasetUploadForm, type ImportMode, type TitleType } from '@cinefold/contracts';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CSV_COLUMNS } from '@cinefold/platform';
import { csvRecord, generateTvRows } from '@cinefold/workers';
import { ADMIN, callApi } from './accounts.js';

/** The real TMDB rows beside the repository (2,630 whole rows and one cut mid-row). */
export const SAMPLE_MOVIES_CSV = fileURLToPath(
  new URL('../../../../shared/data/tmdb-movies-2631.csv', import.meta.url),
);

export interface ImportAnswer {
  readonly status: number;
  readonly body: {
    readonly processed?: number;
    readonly rejected?: number;
    readonly type?: string;
    readonly mode?: string;
    readonly message?: string;
  };
}

/** Signs the site's bootstrap admin in through the API and returns the token. */
export async function adminToken(siteUrl: string): Promise<string> {
  const answer = await callApi(siteUrl, 'POST', '/auth/login', {
    body: { email: ADMIN.email, password: ADMIN.password },
  });
  if (answer.status !== 200) throw new Error(`admin sign-in answered ${answer.status}`);
  return (answer.body as { token: string }).token;
}

/**
 * Imports a CSV through the real upload endpoint, as the admin page does. Small files finish
 * within the request and the answer comes once the catalogue read model has them, so pages
 * opened next show the titles.
 */
export async function importCsv(
  siteUrl: string,
  csv: string | Buffer,
  options: { type?: TitleType; mode?: ImportMode; fileName?: string } = {},
): Promise<ImportAnswer> {
  const form = datasetUploadForm(new Blob([csv], { type: 'text/csv' }), options.fileName ?? 'titles.csv', {
    type: options.type ?? 'movie',
    mode: options.mode,
  });
  const response = await fetch(`${siteUrl}/api/admin/datasets/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await adminToken(siteUrl)}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as ImportAnswer['body'] };
}

/** Imports the first `rows` whole rows of the real sample (all 2,630 when left out). */
export async function importSampleMovies(siteUrl: string, rows?: number): Promise<ImportAnswer> {
  const lines = readFileSync(SAMPLE_MOVIES_CSV, 'utf8').split('\n');
  // Every field of the sample is quoted and no overview spans lines, so a line is a row.
  const csv = rows === undefined ? lines.slice(0, -1).join('\n') : lines.slice(0, rows + 1).join('\n');
  const answer = await importCsv(siteUrl, `${csv}\n`);
  if (answer.status !== 200) throw new Error(`importing the sample answered ${answer.status}`);
  return answer;
}

/** Builds a TV CSV in the exact schema from the project's generator (no real TV rows exist). */
export function generatedTvCsv(rows: number, seed = 7): string {
  const lines = [csvRecord(CSV_COLUMNS.tv)];
  for (const fields of generateTvRows(rows, seed)) lines.push(csvRecord(fields));
  return `${lines.join('\n')}\n`;
}
