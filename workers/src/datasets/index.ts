/**
 * Synthetic Cinefold catalogue CSVs in the exact TMDB movie and TV schemas, of any size, from a
 * seed. See write.ts for streaming to disk and vocabulary.ts for where the words come from.
 */
export { generateMovieRows } from './movies.js';
export type { GenerateOptions } from './generate-rows.js';
export { generateTvRows } from './tv.js';
export { loadVocabulary, DEFAULT_SAMPLE_PATH, type Vocabulary } from './vocabulary.js';
export { csvRecord, writeCsv, type WriteCsvOptions, type WriteCsvResult } from './write.js';
