import type { TitleType } from '@cinefold/contracts';
import type { CatalogueSortKey } from './keys.js';

export interface TitleQuery {
  readonly type: TitleType;
  readonly universe: 'visible' | 'hidden' | 'all';
  /** Relative set names that every result must belong to: 'genre:action', 'term:love', 'year:2010'. */
  readonly sets: readonly string[];
  readonly sort: CatalogueSortKey;
  readonly descending: boolean;
  /** Inclusive range of the 'date' score (days since 1970). */
  readonly dateRange?: { readonly min: number; readonly max: number };
  readonly offset: number;
  readonly limit: number;
}

export interface QueryResult {
  readonly ids: string[];
  readonly total: number;
}

/** The Redis keys a query reads, in the generation and epoch it is asked of. */
export interface QueryKeys {
  /** A key of the query's content type: `key('hidden')`. */
  readonly key: (...parts: string[]) => string;
  /** The sorted set of the query's order. */
  readonly order: string;
  /** The sets every result must belong to: the query's sets, then its universe (if not 'all'). */
  readonly filters: readonly string[];
}
