/**
 * The catalogue's queries, as the public catalogue and the back office's content list ask them:
 * pages of titles rendered from their stored bytes, a visible title, whether a title exists (for
 * the admin's hide and delete), titles' release years (for a member's exported lists), which
 * titles are shown and a shown show's seasons (for Up Next), the genres, what the search box
 * suggests, and a page of the admin's titles with their views. Each reads the catalogue where
 * the caller located it (`locate.ts`).
 */
import {
  type AdminContentItem,
  type ContentId,
  listEntryKey,
  type Movie,
  type Season,
  titleDate,
  type TitleSuggestion,
  type TitleType,
  type TvShow,
  yearOf,
} from '@cinefold/contracts';
import type { Redis } from 'ioredis';
import { runQuery } from './engine.js';
import { catalogueKey, type CatalogueLocation } from './locate.js';
import type { CatalogueSearch } from './search/catalogue-search.js';
import type { Ranked, Universe } from './search/searcher.js';
import type { CatalogueSortKey } from './keys.js';
import { readScores } from './orders/title-orders.js';
import { deriveSeasons } from './seasons.js';
import { type RenderedTitle, renderTitle, suggestionOf } from './serialize.js';
import { decodeTitle } from './stored.js';
import { hasDocument, readDocuments } from './documents.js';
import { genreNames, genreQuerySlugs } from './text.js';
import type { QueryResult, TitleQuery } from './title-query.js';

/** Resolves a genre name ("Sci-Fi", "science fiction") to the set of a genre that exists. */
export async function genreSet(
  redis: Redis,
  location: CatalogueLocation,
  type: TitleType,
  genre: string,
): Promise<string> {
  const candidates = genreQuerySlugs(type, genre).map((slug) => `genre:${slug}`);
  const sizes = await Promise.all(candidates.map((c) => redis.scard(catalogueKey(location, type, c))));
  return candidates[sizes.findIndex((size) => size > 0)] ?? candidates[0]!;
}

/** The titles of `ids` that exist, in that order, rendered as the API's JSON. */
export async function readRenderedTitles(
  redis: Redis,
  location: CatalogueLocation,
  type: TitleType,
  ids: readonly string[],
): Promise<RenderedTitle[]> {
  if (ids.length === 0) return [];
  const stored = await readDocuments(redis, catalogueKey(location, type, ''), ids);
  return stored.filter((s): s is Buffer => s !== null).map((s) => renderTitle(type, s));
}

/** A page of visible titles of a type, with the filters (sets), in the order asked; the total is exact. */
export async function listTitles(
  redis: Redis,
  location: CatalogueLocation,
  type: TitleType,
  query: Omit<TitleQuery, 'type' | 'universe'>,
): Promise<{ bodies: RenderedTitle[]; total: number }> {
  // Genre and year sets hold visible titles only; otherwise the visible set is the filter.
  const implied = query.sets.some((set) => set.startsWith('genre:') || set.startsWith('year:'));
  const { ids, total } = await runQuery(redis, location, {
    type,
    universe: implied ? 'all' : 'visible',
    ...query,
  });
  return { bodies: await readRenderedTitles(redis, location, type, ids), total };
}

/**
 * A page of what a search finds in `universe`, with the other filters (sets), in the order
 * asked; the total is exact. Ranked by relevance alone it is a slice of the ranked titles; with
 * filters or another order, the titles go to Redis as a set and the query engine does the rest.
 */
export async function searchPage(
  redis: Redis,
  searches: CatalogueSearch,
  location: CatalogueLocation,
  type: TitleType,
  search: string,
  query: Omit<TitleQuery, 'type' | 'sort'> & { readonly sort: CatalogueSortKey | 'relevance' },
): Promise<QueryResult> {
  const { sets, sort, offset, limit, dateRange } = query;
  const found = await searches.find(location, type, search, query.universe as Universe);
  if (sort === 'relevance' && sets.length === 0 && !dateRange) {
    return {
      ids: [...found.ranked.subarray(offset, offset + limit)].map(String),
      total: found.ranked.length,
    };
  }
  if (found.ranked.length === 0) return { ids: [], total: 0 };
  const set = await searches.asSet(location, type, found);
  if (sort !== 'relevance' || dateRange) {
    return runQuery(redis, location, {
      ...query,
      type,
      universe: 'all',
      sets: [...sets, set],
      sort: sort === 'relevance' ? 'popularity' : sort,
    });
  }
  // Ranked, within a genre or a year: the ranked titles in order, kept when in every filter.
  const keys = sets.map((name) => catalogueKey(location, type, name));
  const total = await redis.sintercard(keys.length + 1, catalogueKey(location, type, set), ...keys);
  const ids: string[] = [];
  let passed = 0;
  for (let from = 0; from < found.ranked.length && passed < offset + limit; from += 1000) {
    const chunk = [...found.ranked.subarray(from, from + 1000)];
    const pipeline = redis.pipeline();
    for (const key of keys) pipeline.smismember(key, ...chunk);
    const flags = ((await pipeline.exec()) ?? []).map(([error, reply]) => {
      if (error) throw error;
      return reply as number[];
    });
    for (let i = 0; i < chunk.length && passed < offset + limit; i++) {
      if (!flags.every((f) => f[i] === 1)) continue;
      if (passed >= offset) ids.push(String(chunk[i]));
      passed++;
    }
  }
  return { ids, total };
}

/** The names of a type's genres, in alphabetical order. */
export async function readGenreNames(
  redis: Redis,
  location: CatalogueLocation,
  type: TitleType,
): Promise<string[]> {
  const names = Object.values(await redis.hgetall(catalogueKey(location, type, 'genre-names')));
  return names.sort((a, b) => a.localeCompare(b));
}

/** A visible title's stored document, as stored. */
export async function readVisibleTitle(
  redis: Redis,
  location: CatalogueLocation,
  type: TitleType,
  id: string,
): Promise<Buffer | null> {
  const [stored, visible] = await Promise.all([
    readDocuments(redis, catalogueKey(location, type, ''), [id]),
    redis.sismember(catalogueKey(location, type, 'visible'), id),
  ]);
  return stored[0] && visible ? stored[0] : null;
}

/** Whether the catalogue holds a title, shown or hidden. */
export async function titleExists(
  redis: Redis,
  location: CatalogueLocation,
  type: TitleType,
  id: string,
): Promise<boolean> {
  return hasDocument(redis, catalogueKey(location, type, ''), id);
}

/**
 * The release (a show's first air) year of each of `titles` the catalogue holds, by
 * `listEntryKey`; a title it does not hold, or one without a dated release, is left out.
 */
export async function readReleaseYears(
  redis: Redis,
  location: CatalogueLocation,
  titles: readonly { readonly contentType: TitleType; readonly contentId: ContentId }[],
): Promise<Map<string, string>> {
  const years = new Map<string, string>();
  for (const type of ['movie', 'tv'] as const) {
    const ofType = titles.filter((t) => t.contentType === type);
    if (ofType.length === 0) continue;
    const docs = await readDocuments(
      redis,
      catalogueKey(location, type, ''),
      ofType.map((t) => t.contentId),
    );
    ofType.forEach((t, i) => {
      const doc = docs[i];
      if (!doc) return;
      const year = yearOf(titleDate(type, decodeTitle(type, doc)));
      if (year) years.set(listEntryKey(type, t.contentId), year);
    });
  }
  return years;
}

/** The ids of `ids` whose titles are shown (exist and are not hidden). */
export async function readVisibleIds(
  redis: Redis,
  location: CatalogueLocation,
  type: TitleType,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const visible = await redis.smismember(catalogueKey(location, type, 'visible'), ...ids);
  return new Set(ids.filter((_, i) => visible[i] === 1));
}

/** The seasons of the shows of `ids` that are shown, by id; a show hidden or gone is left out. */
export async function readVisibleShowSeasons(
  redis: Redis,
  location: CatalogueLocation,
  ids: readonly string[],
): Promise<Map<string, Season[]>> {
  const seasons = new Map<string, Season[]>();
  if (ids.length === 0) return seasons;
  const [docs, visible] = await Promise.all([
    readDocuments(redis, catalogueKey(location, 'tv', ''), ids),
    redis.smismember(catalogueKey(location, 'tv', 'visible'), ...ids),
  ]);
  ids.forEach((id, i) => {
    const doc = docs[i];
    if (doc && visible[i] === 1) seasons.set(id, deriveSeasons(decodeTitle('tv', doc)));
  });
  return seasons;
}

/** The first titles of a type a search finds, as the search box lists them. */
export async function readSuggestions(
  redis: Redis,
  location: CatalogueLocation,
  type: TitleType,
  ranked: Ranked,
  limit: number,
): Promise<TitleSuggestion[]> {
  const ids = [...ranked.subarray(0, limit)];
  if (ids.length === 0) return [];
  const stored = await readDocuments(redis, catalogueKey(location, type, ''), ids);
  return stored.flatMap((doc) => (doc ? [suggestionOf(type, doc)] : []));
}

/** The back office's rows for the titles of `ids` that exist, hidden ones included, with their views. */
export async function readAdminContentItems(
  redis: Redis,
  location: CatalogueLocation,
  type: TitleType,
  ids: readonly string[],
): Promise<AdminContentItem[]> {
  if (ids.length === 0) return [];
  const key = (...parts: string[]) => catalogueKey(location, type, ...parts);
  const [json, hidden, views] = await Promise.all([
    readDocuments(redis, key(''), ids),
    redis.smismember(key('hidden'), ...ids),
    readScores(redis, key, ids, 'views'),
  ]);
  const items: AdminContentItem[] = [];
  ids.forEach((_, i) => {
    if (!json[i]) return;
    const title = decodeTitle(type, json[i]!) as Movie & TvShow;
    const item: AdminContentItem = {
      id: title.id,
      poster_path: title.poster_path,
      popularity: title.popularity,
      vote_average: title.vote_average,
      views: Number(views[i] ?? 0),
      hidden: hidden[i] === 1,
      overview: title.overview,
      genres: genreNames(title.genres).map((name) => ({ name })),
      ...(type === 'movie'
        ? { title: title.title, release_date: title.release_date }
        : { name: title.name, first_air_date: title.first_air_date }),
    };
    items.push(item);
  });
  return items;
}
