/**
 * npm run bench -- list-import [rows]
 *
 * A member's Letterboxd export of `rows` titles (default 5,000, the most one file may hold)
 * brought into their watchlist, on a site of its own (gateway, projectors and workers in their own
 * processes). The catalogue is the real sample (../shared/data/tmdb-movies-2631.csv) and generated
 * titles beside it; the file names the sample's titles first, then generated ones, by title and
 * year as Letterboxd writes them (no ids), so every row is matched through the search index.
 * - preview: the upload read, every row matched, the preview kept (median of three);
 * - import: from the request to the job's end (every title appended), and to the watchlist
 *   answering with all of them (projected);
 * - baseline: reading the same file alone in this process (what no matching costs).
 */
import { openAsBlob, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listFileForm } from '@cinefold/contracts';
import { readCsv, readListFile } from '@cinefold/platform';
import { dataset, importFile } from './catalogue.js';
import { root } from './processes.js';
import { startBenchServices } from './services.js';
import { median, type Row } from './table.js';
import { tempDir } from './temp.js';

const SAMPLE = join(root, '..', 'shared', 'data', 'tmdb-movies-2631.csv');

/** (title, year) of each row of a catalogue CSV with a title and a release date (read as the import reads it). */
async function titlesOf(file: string): Promise<{ title: string; year: string }[]> {
  const titles: { title: string; year: string }[] = [];
  let columns: string[] | null = null;
  await readCsv(file, 'utf-8', async (records) => {
    for (const { fields } of records) {
      if (!columns) {
        columns = fields;
        continue;
      }
      const title = fields[columns.indexOf('title')] ?? '';
      const date = fields[columns.indexOf('release_date')] ?? '';
      if (title && /^\d{4}/.test(date)) titles.push({ title, year: date.slice(0, 4) });
    }
  });
  return titles;
}

const csvField = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export async function benchListImport(args: string[]): Promise<Row[]> {
  const rows = Number(args[0] ?? 5000);
  const generated = await dataset('movie', Math.max(0, rows));
  const services = await startBenchServices('bench-list-import');
  const dir = tempDir('list-import');
  const { base } = services;
  try {
    const admin = await services.adminToken();
    await importFile(base, admin, SAMPLE, 'movie', services.workers.pid!);
    await importFile(base, admin, generated, 'movie', services.workers.pid!);

    // The member's file: the sample's titles, then generated ones, each title and year once.
    const seen = new Set<string>();
    const lines = ['Date,Name,Year,Letterboxd URI'];
    for (const { title, year } of [...(await titlesOf(SAMPLE)), ...(await titlesOf(generated))]) {
      const key = `${title}\u0000${year}`;
      if (seen.has(key)) continue;
      seen.add(key);
      lines.push(`2024-01-01,${csvField(title)},${year},https://boxd.it/${lines.length.toString(36)}`);
      if (lines.length > rows) break;
    }
    const file = join(dir.path, 'watchlist.csv');
    writeFileSync(file, `${lines.join('\n')}\n`);

    const register = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Member', email: 'lists@example.com', password: 'bench-member-1' }),
    });
    const { token } = (await register.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };

    const baselineStarted = performance.now();
    const parsed = readListFile(readFileSync(file));
    const baselineMs = performance.now() - baselineStarted;

    interface Preview {
      previewId: string;
      rows: { line: number; status: string; candidates: { contentType: string; contentId: number }[] }[];
      counts: { matched: number; ambiguous: number; notFound: number };
    }
    const previewOnce = async () => {
      const form = listFileForm(await openAsBlob(file), 'watchlist.csv', 'watchlist');
      const started = performance.now();
      const response = await fetch(`${base}/api/user/imports`, { method: 'POST', headers: auth, body: form });
      const body = (await response.json()) as Preview;
      if (!response.ok)
        throw new Error(`the preview was refused (${response.status}): ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, body };
    };
    const previews = [await previewOnce(), await previewOnce(), await previewOnce()];
    const preview = previews.at(-1)!.body;
    // Each ambiguous row: its first (nearest) candidate, as a member who accepts the suggestion.
    const choices: Record<string, string> = {};
    for (const row of preview.rows)
      if (row.status === 'ambiguous')
        choices[row.line] = `${row.candidates[0]!.contentType}:${row.candidates[0]!.contentId}`;

    const importStarted = performance.now();
    const started = await fetch(`${base}/api/user/imports/${preview.previewId}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ choices }),
    });
    let status = (await started.json()) as { state: string; added: number; message?: string };
    if (started.status !== 202) throw new Error(`the import was refused: ${JSON.stringify(status)}`);
    while (status.state !== 'completed' && status.state !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 25));
      status = (await (
        await fetch(`${base}/api/user/imports/${preview.previewId}`, { headers: auth })
      ).json()) as typeof status;
    }
    const importMs = performance.now() - importStarted;
    if (status.state === 'failed') throw new Error(`the import failed: ${status.message}`);
    let listed = 0;
    while (listed < status.added) {
      const list = (await (await fetch(`${base}/api/user/watchlist`, { headers: auth })).json()) as unknown[];
      listed = list.length;
      if (listed < status.added) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const listedMs = performance.now() - importStarted;

    return [
      { measure: `rows in the file (Letterboxd watchlist.csv)`, value: parsed.entries.length, unit: 'rows' },
      {
        measure: `matched / ambiguous / not found`,
        value: preview.counts.matched,
        unit: `matched, ${preview.counts.ambiguous} ambiguous, ${preview.counts.notFound} not found`,
      },
      { measure: 'reading the file alone, in process (baseline)', value: baselineMs, unit: 'ms' },
      {
        measure: 'preview (upload, read, match, keep), median of 3',
        value: median(previews.map((p) => p.ms)),
        unit: 'ms',
        target: '<= 3000',
        ratio: median(previews.map((p) => p.ms)) / baselineMs,
      },
      { measure: 'preview, first (cold)', value: previews[0]!.ms, unit: 'ms' },
      { measure: 'titles added to the watchlist', value: status.added, unit: 'titles' },
      {
        measure: 'import: request to the job done (every title appended)',
        value: importMs,
        unit: 'ms',
        target: '<= 10000',
      },
      {
        measure: 'import: request to the watchlist answering them all',
        value: listedMs,
        unit: 'ms',
        target: '<= 10000',
      },
    ];
  } finally {
    await services.stop();
    dir.remove();
  }
}
