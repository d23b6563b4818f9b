import { join } from 'node:path';
import { type CinefoldEvent, streams } from '@cinefold/contracts';
import { afterEach, expect, it } from 'vitest';
import {
  createEventLog,
  type EventStore,
  ImportFold,
  openSqliteEventStore,
  readImport,
  systemContext,
} from '@cinefold/platform';
import { makeTempDir, sampleMovie } from '@cinefold/platform/testing';

const dirs: ReturnType<typeof makeTempDir>[] = [];
const stores: EventStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) dir.remove();
});

function openLog() {
  const dir = makeTempDir('import-state');
  dirs.push(dir);
  const store = openSqliteEventStore(join(dir.path, 'events.sqlite'));
  stores.push(store);
  return createEventLog(store);
}

const rows = (from: number, count: number): CinefoldEvent[] =>
  Array.from({ length: count }, (_, i) => ({
    type: 'TitleImported',
    data: { type: 'movie', line: from + i, title: sampleMovie(from + i, `Title ${from + i}`) },
  }));

it('an import read a page at a time says what its whole stream says, however many pages', async () => {
  const log = openLog();
  const jobId = 'a-long-import';
  const stream = streams.importJob(jobId);
  const append = (events: CinefoldEvent[]) =>
    log.append(stream, events, { expectedRevision: 'any', context: systemContext() });
  expect(await readImport(log, jobId)).toEqual({ state: new ImportFold().state, revision: null });

  await append([
    {
      type: 'CatalogueImportRequested',
      data: { jobId, type: 'movie', mode: 'replace', file: '/tmp/x.csv', fileName: 'x.csv', bytes: 1 },
    },
    { type: 'CatalogueTruncated', data: { jobId, type: 'movie' } },
  ]);
  // Rows over more than two pages of the read (10,000 events each), a rejection among them and
  // one after the last row, as an import appends them: each batch in the file's order.
  for (let line = 2; line < 25_002; line += 500) {
    const batch = rows(line, 500);
    if (line === 10_002)
      batch.push({ type: 'CatalogueRowsRejected', data: { rows: [{ line: 1, reason: 'x' }] } });
    await append(batch);
  }
  await append([{ type: 'CatalogueRowsRejected', data: { rows: [{ line: 25_002, reason: 'too short' }] } }]);

  const whole = new ImportFold().add(await log.readStream(stream)).state;
  const paged = await readImport(log, jobId);
  expect(paged.state).toEqual(whole);
  expect(paged.state).toMatchObject({
    requested: { type: 'movie', mode: 'replace', file: '/tmp/x.csv' },
    truncated: true,
    processed: 25_000,
    rejected: 2,
    lastLine: 25_002,
    outcome: null,
  });
  expect(paged.revision).toBe((await log.readStream(stream)).at(-1)!.revision);

  // A row after the rejection moves the line on; the outcome is read too.
  await append([
    ...rows(25_003, 1),
    { type: 'CatalogueImportCompleted', data: { jobId, processed: 25_001, rejected: 2 } },
  ]);
  const ended = await readImport(log, jobId);
  expect(ended.state).toMatchObject({ processed: 25_001, lastLine: 25_003, outcome: 'completed' });
  expect(ended.state).toEqual(new ImportFold().add(await log.readStream(stream)).state);
}, 60_000);
