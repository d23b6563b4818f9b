/**
 * Searches of the catalogue as the routes ask them: the ranked titles of a search, kept a while
 * for the next pages (by where the index lives and its version, so never stale), and the same
 * titles as a set in Redis when a search is combined with a genre, a year or another order.
 */
import type { TitleType } from '@cinefold/contracts';
import type { Redis } from 'ioredis';
import { IndexReader } from './index-reader.js';
import { LISTING_REACH, type Ranked, type Reach, rankSearch, type Universe } from './searcher.js';
import { type CatalogueLocation, catalogueKey } from '../locate.js';
import { foldedSearch } from '../search-index.js';

/** Bytes of ranked searches kept at most (`Ranked.bytes`: 16 a title found, until all are ordered). */
const KEPT_BYTES = 64 * 1024 * 1024;
/** How long the set of a search's titles is kept in Redis for the next pages. */
export const FOUND_TTL_MS = 10_000;
const SADD_CHUNK = 10_000;

export interface FoundTitles {
  readonly ranked: Ranked;
  /** The index version it was found at. */
  readonly version: string;
  /** A name for the set of these titles, unique to the search, its universe and the index's version. */
  readonly name: string;
}

export class CatalogueSearch {
  private readonly reader: IndexReader;
  private readonly kept = new Map<string, Promise<Ranked>>();
  private keptBytes = 0;

  constructor(private readonly redis: Redis) {
    this.reader = new IndexReader(redis);
  }

  /** The titles of `universe` that `search` finds, best first. */
  async find(
    location: CatalogueLocation,
    type: TitleType,
    search: string,
    universe: Universe,
    reach: Reach = LISTING_REACH,
  ): Promise<FoundTitles> {
    const prefix = `${catalogueKey(location, type)}:`;
    const snapshot = await this.reader.snapshot(type, prefix);
    const name = `${universe}:${snapshot.version}:${reach === LISTING_REACH ? '' : 'names:'}${foldedSearch(search)}`;
    const key = `${prefix}|${name}`;
    let ranked = this.kept.get(key);
    if (ranked) {
      this.kept.delete(key);
      this.kept.set(key, ranked);
    } else {
      ranked = rankSearch(snapshot, search, universe, reach);
      this.kept.set(key, ranked);
      ranked.then(
        (found) => this.account(key, found.bytes),
        () => this.kept.delete(key),
      );
    }
    return { ranked: await ranked, name, version: snapshot.version };
  }

  private account(key: string, bytes: number) {
    this.keptBytes += bytes;
    for (const [oldest, ranked] of this.kept) {
      if (this.keptBytes <= KEPT_BYTES || oldest === key) break;
      this.kept.delete(oldest);
      void ranked.then((r) => (this.keptBytes -= r.bytes)).catch(() => undefined);
    }
  }

  /**
   * The found titles as a set in Redis (relative name `found:<name>`), made if it is not there
   * and kept FOUND_TTL_MS: a search combined with a genre, a year or an order goes through the
   * query engine like any filter.
   */
  async asSet(location: CatalogueLocation, type: TitleType, found: FoundTitles): Promise<string> {
    const relative = `found:${found.name}`;
    const key = catalogueKey(location, type, relative);
    if (found.ranked.length === 0) return relative;
    if ((await this.redis.pexpire(key, FOUND_TTL_MS)) === 1) return relative;
    // Ascending, so Redis appends to the packed set instead of moving it at each id.
    const { ids } = found.ranked;
    const temporary = `${key}:${Math.random().toString(36).slice(2)}`;
    const pipeline = this.redis.pipeline();
    for (let i = 0; i < ids.length; i += SADD_CHUNK)
      pipeline.sadd(temporary, ...ids.subarray(i, i + SADD_CHUNK));
    pipeline.pexpire(temporary, FOUND_TTL_MS);
    pipeline.rename(temporary, key);
    const replies = (await pipeline.exec()) ?? [];
    for (const [error] of replies) if (error) throw error;
    return relative;
  }
}
