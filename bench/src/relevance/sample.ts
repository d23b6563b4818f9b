/**
 * The real sample's movies, read as the import reads them (the same CSV reader and row checks).
 */
import { fileURLToPath } from 'node:url';
import type { Movie } from '@cinefold/contracts';
import { inspectCsv, readCsv } from '@cinefold/platform';
import { rowReader } from '@cinefold/workers';

/** `../shared/data/tmdb-movies-2631.csv` beside the repository. */
export const SAMPLE_FILE = fileURLToPath(
  new URL('../../../../shared/data/tmdb-movies-2631.csv', import.meta.url),
);

export async function sampleMovies(file = SAMPLE_FILE): Promise<Movie[]> {
  const movies: Movie[] = [];
  const { encoding, header } = await inspectCsv(file, 'movie');
  const read = rowReader('movie', header);
  await readCsv(file, encoding, async (records) => {
    for (const record of records) {
      if (record.line === 1) continue;
      const row = read(record.fields);
      if (row.ok) movies.push(row.title as Movie);
    }
  });
  return movies;
}
