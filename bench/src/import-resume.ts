/**
 * npm run bench -- import-resume [rows]: what a resumed import reads before it goes on, for an
 * import of `rows` rows (default 1,000,000, the generated movie CSV) that stopped at its end:
 * the time to read where it stopped (`readImport`, a page at a time, a row's payload decoded
 * only for the last one) and the longest the event loop waited meanwhile, against the import's
 * stream read whole with every row decoded, as a resumed import read it before, in the same run.
 * The loop's longest wait is what matters: the worker renews its job's lock on it, and a wait
 * longer than the lock (10 s) hands the import to the queue's stall check.
 */
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { streams } from '@cinefold/contracts';
import { createEventLog, type EventLog, openSqliteEventStore, readImport } from '@cinefold/platform';
import { heldWhile } from './held.js';
import { appendImportedTitles } from './import-log.js';
import type { Row } from './table.js';
import { tempDir } from './temp.js';

/** The stream read whole and each row's payload decoded, in one piece after the read. */
async function readWhole(log: EventLog, jobId: string): Promise<number> {
  let lines = 0;
  for (const stored of await log.readStream(streams.importJob(jobId))) {
    const event = stored.event;
    if (event?.type === 'TitleImported') lines = Math.max(lines, event.data.line);
  }
  return lines;
}

export async function benchImportResume(args: string[] = []): Promise<Row[]> {
  const rows = Number(args[0] ?? 1_000_000);
  const { dataset } = await import('./catalogue.js');
  const file = await dataset('movie', rows);
  const dir = tempDir('bench-import-resume');
  const store = openSqliteEventStore(join(dir.path, 'events.sqlite'));
  try {
    const log = createEventLog(store);
    const jobId = randomUUID();
    const request = {
      jobId,
      type: 'movie' as const,
      mode: 'append' as const,
      file,
      fileName: 'movies.csv',
      bytes: 0,
    };
    const appended = await appendImportedTitles(log, streams.importJob(jobId), file, [
      { type: 'CatalogueImportRequested', data: request },
    ]);
    const paged = await heldWhile(() => readImport(log, jobId));
    const whole = await heldWhile(() => readWhole(log, jobId));
    const { state } = paged.result;
    if (state.processed !== appended || state.lastLine !== whole.result)
      throw new Error(
        `the two reads disagree: ${state.processed} rows to line ${state.lastLine}, ${whole.result}`,
      );
    const count = appended.toLocaleString('en-US');
    return [
      {
        measure: `read where an import of ${count} rows stopped, whole, every row decoded (before; baseline)`,
        value: whole.ms / 1000,
        unit: 's',
      },
      { measure: '  the longest the event loop waited meanwhile', value: whole.longestMs, unit: 'ms' },
      {
        measure: 'the same, a page at a time, the last row decoded (readImport)',
        value: paged.ms / 1000,
        unit: 's',
        ratio: paged.ms / whole.ms,
      },
      {
        measure: '  the longest the event loop waited meanwhile',
        value: paged.longestMs,
        unit: 'ms',
        target: '< 10,000 (the lock)',
      },
    ];
  } finally {
    await store.close();
    dir.remove();
  }
}
