/**
 * Synthetic Cinefold catalogue CSVs in the exact TMDB movie and TV schemas, of any size, from a
 * seed. See write.ts for streaming to disk and vocabulary.ts for where the words come from.
 */
export { generateMovieRows, MOVIE_COLUMNS, type GenerateOptions } from './movies.js';
export { generateTvRows, TV_COLUMNS } from './tv.js';
export { loadVocabulary, DEFAULT_SAMPLE_PATH, type Vocabulary } from './vocabulary.js';
export {
  COLUMNS,
  csvRecord,
  writeCsv,
  type CsvKind,
  type WriteCsvOptions,
  type WriteCsvResult,
} from './write.js';
