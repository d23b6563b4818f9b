import { Rng, uniqueIds } from './random.js';
import { loadVocabulary, type Vocabulary } from './vocabulary.js';

export interface GenerateOptions {
  /** Defaults to loadVocabulary(): the real sample when it is on disk. */
  readonly vocabulary?: Vocabulary;
}

/** How a content type's rows are drawn: its ids' range, its random streams, one row. */
export interface RowKind {
  /** The ids real titles of the kind reach; wider only when more rows are asked for. */
  readonly idRange: number;
  /** The random streams of the ids and of the rows, one pair per kind so kinds differ. */
  readonly streams: readonly [ids: number, rows: number];
  row(rng: Rng, vocabulary: Vocabulary, id: number): string[];
}

/** `count` rows of one kind as string fields in its columns' order; the same seed gives the same rows. */
export function* generateRows(
  kind: RowKind,
  count: number,
  seed: number,
  options: GenerateOptions = {},
): Generator<string[]> {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`row count must be >= 0, got ${count}`);
  const vocabulary = options.vocabulary ?? loadVocabulary();
  const ids = uniqueIds(
    count,
    Math.max(kind.idRange, Math.ceil(count * 1.25)),
    new Rng(seed, kind.streams[0]),
  );
  const rng = new Rng(seed, kind.streams[1]);
  for (let i = 0; i < count; i++) yield kind.row(rng, vocabulary, ids[i]!);
}

/** The generator of one kind's rows: `(count, seed, options)` as for generateRows. */
export function rowGenerator(
  kind: RowKind,
): (count: number, seed: number, options?: GenerateOptions) => Generator<string[]> {
  return (count, seed, options = {}) => generateRows(kind, count, seed, options);
}
