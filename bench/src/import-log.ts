import type { CinefoldEvent, Movie } from '@cinefold/contracts';
import { type EventLog, inspectCsv, readCsv, systemContext } from '@cinefold/platform';
import { rowReader } from '@cinefold/workers';

/**
 * Appends a generated movie CSV's rows to `stream` as an import writes them (TitleImported with
 * each row's line, 500 a batch) after `first` (an import's request, say). Returns how many rows.
 */
export async function appendImportedTitles(
  log: EventLog,
  stream: string,
  file: string,
  first: CinefoldEvent[] = [],
): Promise<number> {
  const { encoding, header } = await inspectCsv(file, 'movie');
  const read = rowReader('movie', header);
  const context = systemContext();
  if (first.length > 0) await log.append(stream, first, { expectedRevision: 'any', context });
  let rows = 0;
  await readCsv(file, encoding, async (records) => {
    const events: CinefoldEvent[] = [];
    for (const record of records) {
      if (record.line === 1) continue;
      const row = read(record.fields);
      if (row.ok)
        events.push({
          type: 'TitleImported',
          data: { type: 'movie', line: record.line, title: row.title as Movie },
        });
    }
    for (let i = 0; i < events.length; i += 500)
      await log.append(stream, events.slice(i, i + 500), { expectedRevision: 'any', context });
    rows += events.length;
  });
  return rows;
}
