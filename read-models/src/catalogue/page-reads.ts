/**
 * The catalogue as the pages' heads and the sitemap read it (the gateway writes them into the
 * HTML it serves): one visible title, the first titles of a landing page's list, and every
 * visible title's id with the time it entered the catalogue, walked in slices.
 */
import type { Movie, TitleType, TvShow } from '@cinefold/contracts';
import type { ProjectionWatcher } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { runQuery } from './engine.js';
import { KeptCatalogueLocation } from './location.js';
import { type CatalogueLocation, catalogueKey } from './locate.js';
import { yearSet } from './keys.js';
import { orderCount, orderRange } from './orders/chunked-order.js';
import { orderKey } from './orders/title-orders.js';
import { genreSet } from './queries.js';
import { decodeTitle } from './stored.js';
import { readDocuments } from './documents.js';

export interface TitleList {
  readonly type: TitleType;
  readonly sortBy: 'popularity' | 'rating';
  readonly limit: number;
  /** A genre name as the movie list takes it ("Action", "Science Fiction"). */
  readonly genre?: string;
  readonly year?: number;
}

/** One page of sitemap entries: visible ids and when each entered the catalogue (ms). */
export interface SitemapSlice {
  readonly ids: readonly string[];
  readonly added: readonly number[];
}

export class CataloguePageReads {
  private readonly catalogue: KeptCatalogueLocation;

  constructor(
    private readonly redis: Redis,
    watcher: Pick<ProjectionWatcher, 'onNotice' | 'reachedBy'>,
  ) {
    this.catalogue = new KeptCatalogueLocation(redis, watcher);
  }

  private locate(): Promise<CatalogueLocation | null> {
    return this.catalogue.locate();
  }

  /** A visible title, or null (unknown, hidden or deleted). */
  async title(type: 'movie', id: string): Promise<Movie | null>;
  async title(type: 'tv', id: string): Promise<TvShow | null>;
  async title(type: TitleType, id: string): Promise<Movie | TvShow | null>;
  async title(type: TitleType, id: string): Promise<Movie | TvShow | null> {
    const location = await this.locate();
    if (!location) return null;
    const [stored, visible] = await Promise.all([
      readDocuments(this.redis, catalogueKey(location, type, ''), [id]),
      this.redis.sismember(catalogueKey(location, type, 'visible'), id),
    ]);
    return stored[0] && visible ? decodeTitle(type, stored[0]) : null;
  }

  /** The first titles of a list, as the movie and TV lists would answer them. */
  async list(list: TitleList): Promise<(Movie | TvShow)[]> {
    const location = await this.locate();
    if (!location) return [];
    const sets: string[] = [];
    if (list.genre) sets.push(await genreSet(this.redis, location, list.type, list.genre));
    if (list.year !== undefined) sets.push(yearSet(list.year));
    const { ids } = await runQuery(this.redis, location, {
      type: list.type,
      // Genre and year sets hold visible titles only.
      universe: sets.length > 0 ? 'all' : 'visible',
      sets,
      sort: list.sortBy,
      descending: true,
      offset: 0,
      limit: list.limit,
    });
    if (ids.length === 0) return [];
    const stored = await readDocuments(this.redis, catalogueKey(location, list.type, ''), ids);
    return stored.filter((s): s is Buffer => s !== null).map((s) => decodeTitle(list.type, s));
  }

  /** How many titles of a type the catalogue holds, hidden ones included (the sitemap's slices). */
  async count(type: TitleType): Promise<number> {
    const location = await this.locate();
    return location ? orderCount(this.redis, catalogueKey(location, type, orderKey('created'))) : 0;
  }

  /**
   * The visible titles among those ranked `from` to `from + size - 1` in the order they entered
   * the catalogue: one range of the order and one membership check, so walking every slice is
   * linear in the titles and holds one slice at a time.
   */
  async sitemapSlice(type: TitleType, from: number, size: number): Promise<SitemapSlice> {
    const location = await this.locate();
    if (!location || size <= 0) return { ids: [], added: [] };
    const ranked = await orderRange(
      this.redis,
      catalogueKey(location, type, orderKey('created')),
      from,
      from + size - 1,
      { withScores: true },
    );
    if (ranked.length === 0) return { ids: [], added: [] };
    const candidates: string[] = [];
    for (let i = 0; i < ranked.length; i += 2) candidates.push(ranked[i]!);
    const visible = await this.redis.smismember(catalogueKey(location, type, 'visible'), ...candidates);
    const ids: string[] = [];
    const added: number[] = [];
    visible.forEach((flag, i) => {
      if (flag !== 1) return;
      ids.push(candidates[i]!);
      added.push(Number(ranked[2 * i + 1]));
    });
    return { ids, added };
  }
}
