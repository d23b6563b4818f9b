/**
 * The public catalogue (home, listings, search, details, genres, seasons) and the admin content
 * list, answered through the catalogue read model's queries (read-models' catalogue/).
 *
 * Answers are bytes: listing bodies are assembled from the stored bytes of each title without
 * decoding or parsing them (see the catalogue's `serialize.ts`), and the answers to anonymous requests are kept
 * for a few seconds: the same popular pages are asked for over and over, until the catalogue
 * changes. A request that must see a recent write (it carries a position) is answered from the
 * cache only by an answer computed after the catalogue had applied that write.
 */
import {
  adminContentQuery,
  type AdminContentResponse,
  catalogueQuery,
  MAX_LISTING_DEPTH,
  noQuery,
  type SearchSuggestions,
  suggestionsQuery,
  titleIdParams,
  type TitleType,
  TITLE_NOT_FOUND,
} from '@cinefold/contracts';
import {
  noticeChanges,
  type ProjectionWatcher,
  type Answer,
  bytes,
  type Endpoint,
  type EndpointCall,
  type EndpointSchemas,
  endpoint,
  type EventStore,
  ok,
  refusal,
} from '@cinefold/platform';
import {
  CATALOGUE,
  CatalogueSearch,
  dateScore,
  decodeTitle,
  deriveSeasons,
  foldedSearch,
  genreSet,
  genresJson,
  homeJson,
  KeptCatalogueLocation,
  listingJson,
  listTitles,
  readAdminContentItems,
  readGenreNames,
  readRenderedTitles,
  readSuggestions,
  readVisibleTitle,
  type RenderedTitle,
  renderTitle,
  runQuery,
  searchPage,
  seasonsJson,
  SUGGESTION_REACH,
  suggestionsJson,
  type TitleQuery,
  titlesJson,
  UP_NEXT,
  VIEW_COUNTS,
  yearSet,
} from '@cinefold/read-models';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { NotInterestedFilter } from '../accounts/up-next.js';
import { ResponseCache } from './response-cache.js';

export interface CatalogueDependencies {
  readonly redis: Redis;
  /** For the store's head: a read never waits for a position beyond it. */
  readonly store: Pick<EventStore, 'headPosition'>;
  readonly watcher: ProjectionWatcher;
  /** How long an anonymous answer is reused; 0 turns the cache off. */
  readonly cacheMs?: number;
  /** The cache to keep answers in, when the HTTP server also reads it (else one of its own). */
  readonly answers?: ResponseCache<Buffer>;
}

/** Home rows and the trending row. */
const ROW_SIZE = 20;

const listSchemas = { query: catalogueQuery };
const idSchemas = { params: titleIdParams, query: noQuery };
const plainSchemas = { query: noQuery };
const adminSchemas = { query: adminContentQuery };
const suggestionSchemas = { query: suggestionsQuery };
/** Suggestion answers kept at most (a few hundred bytes each). */
const KEPT_SUGGESTIONS = 20_000;

/**
 * The key of a request's answer: its path and the query as parsed (every field, defaults
 * included, in one order), so only a different query makes a different answer.
 */
function answerKey(call: EndpointCall): string {
  const query = (call.query ?? {}) as Record<string, unknown>;
  const fields = Object.keys(query)
    .filter((name) => query[name] !== undefined)
    .sort()
    .map((name): [string, string] => [name, String(query[name])]);
  const mark = call.url.indexOf('?');
  const path = mark === -1 ? call.url : call.url.slice(0, mark);
  return fields.length > 0 ? `${path}?${new URLSearchParams(fields).toString()}` : path;
}

/**
 * The answers that list titles, answered to a member without those they are not interested in:
 * by path, the type of the titles of an answer that is an array (null: an object of lists).
 */
const TITLE_LISTS: ReadonlyMap<string, TitleType | null> = new Map([
  ['/movies', 'movie'],
  ['/tvshows', 'tv'],
  ['/movies/trending/now', 'movie'],
  ['/home', null],
  ['/search/suggestions', null],
]);

/**
 * The catalogue's endpoints. The public reads are hot: the fast lane sends their kept answers
 * (`kept`), the answer cache's, before Express.
 */
export function catalogueEndpoints({
  redis,
  store,
  watcher,
  cacheMs = 3000,
  answers,
}: CatalogueDependencies): Endpoint[] {
  const endpoints: Endpoint[] = [];
  // Nothing a visitor writes shows in the catalogue: only members' (admins') positions are waited
  // for, and a member's own "not interested" titles are taken out of what they are answered.
  const readsAfter = {
    watcher,
    projectors: [CATALOGUE.projector, UP_NEXT.projector],
    membersOnly: true,
    head: () => store.headPosition(),
  };
  const cache = answers ?? new ResponseCache<Buffer>(cacheMs);
  const kept = (url: string) => cache.get(url);
  const notInterested = new NotInterestedFilter(redis, watcher);
  /**
   * A public read of the catalogue, answered from the cache when it may be; a list of titles
   * (`TITLE_LISTS`) is answered to a member without the titles they are not interested in,
   * filtered after the cache that everyone shares.
   */
  const read = <S extends EndpointSchemas>(
    path: string,
    schemas: S,
    compute: (call: EndpointCall<S>) => Promise<Buffer | null>,
    missing = '',
  ) =>
    endpoints.push(
      endpoint({
        method: 'GET',
        path: `/api${path}`,
        schemas,
        access: 'anyone',
        readsAfter,
        hot: true,
        kept,
        handle: async (call) => {
          const answer = await cached(call as EndpointCall, () => compute(call), missing);
          const member = call.caller.user;
          const root = TITLE_LISTS.get(path);
          if (root === undefined || !member || answer.status !== 200 || !answer.bytes) return answer;
          return {
            ...answer,
            bytes: await notInterested.answer(member.id, answer.bytes, root, call.readAfter),
          };
        },
      }),
    );
  const searches = new CatalogueSearch(redis);
  /** Suggestion answers by what was typed and the index versions they were ranked at. */
  const suggestionAnswers = new Map<string, Buffer>();
  const catalogue = new KeptCatalogueLocation(redis, watcher);
  const locate = () => catalogue.locate();
  // Whatever the catalogue projector commits (an import, a hide, a delete) may change any page.
  // Views are the exception: they arrive thousands a second and only move the views order, which
  // may lag by the cache's few seconds; clearing on each batch of them would leave nothing cached.
  void watcher.onNotice((notice) => {
    if (notice.projector !== CATALOGUE.projector || !noticeChanges(notice, VIEW_COUNTS)) return;
    cache.clear();
    suggestionAnswers.clear();
  });

  /**
   * Answers from the cache when it holds an answer the request may use (computed after the write
   * the request must reflect, if any), else computes. A kept answer is the same bytes each time:
   * the writer compresses it once.
   */
  async function cached(
    call: EndpointCall,
    compute: () => Promise<Buffer | null>,
    missing: string,
  ): Promise<Answer> {
    let body: Buffer | null;
    if (cache.enabled) {
      const key = answerKey(call);
      const through = watcher.reachedBy(CATALOGUE.projector);
      body = await cache.answer(key, compute, { after: call.readAfter, through });
      if (body !== null) cache.alias(call.url, key);
    } else {
      body = await compute();
    }
    return body === null ? refusal(404, missing) : bytes(body);
  }

  async function list(type: TitleType, query: Omit<TitleQuery, 'type' | 'universe'>) {
    const location = await locate();
    if (!location) return { bodies: [] as RenderedTitle[], total: 0 };
    return listTitles(redis, location, type, query);
  }

  for (const [type, path] of [
    ['movie', '/movies'],
    ['tv', '/tvshows'],
  ] as const) {
    read(path, listSchemas, async ({ query }) => {
      const location = await locate();
      const sets: string[] = [];
      if (location && query.genre && query.genre.toLowerCase() !== 'all') {
        sets.push(await genreSet(redis, location, type, query.genre));
      }
      if (query.year) sets.push(yearSet(query.year));
      const page = { offset: (query.page - 1) * query.limit, limit: query.limit };
      // Always set: the contract gives a query left without an order its default one.
      const sortBy = query.sortBy!;
      let bodies: RenderedTitle[];
      let total: number;
      if (query.search && location) {
        // Genre and year sets hold visible titles only; the search finds visible titles.
        const found = await searchPage(redis, searches, location, type, query.search, {
          universe: 'visible',
          sets,
          sort: sortBy,
          descending: sortBy !== 'title',
          ...page,
        });
        ({ total } = found);
        bodies = await readRenderedTitles(redis, location, type, found.ids);
      } else {
        const sort = sortBy === 'relevance' ? 'popularity' : sortBy;
        ({ bodies, total } = await list(type, { sets, sort, descending: sort !== 'title', ...page }));
      }
      // Pages past the deepest one served are not offered.
      const pages = Math.min(Math.ceil(total / query.limit), Math.floor(MAX_LISTING_DEPTH / query.limit));
      return listingJson(type, bodies, { page: query.page, pages, total });
    });

    read(`${path}/metadata/genres`, plainSchemas, async () => {
      const location = await locate();
      return genresJson(location ? await readGenreNames(redis, location, type) : []);
    });

    read(
      `${path}/:id`,
      idSchemas,
      async ({ params }) => {
        const stored = await visibleDoc(type, params.id);
        return stored && renderTitle(type, stored);
      },
      TITLE_NOT_FOUND[type],
    );
  }

  /** A visible title's stored document, as stored. */
  async function visibleDoc(type: TitleType, id: string): Promise<Buffer | null> {
    const location = await locate();
    return location && readVisibleTitle(redis, location, type, id);
  }

  read(
    '/tvshows/:id/seasons',
    idSchemas,
    async ({ params }) => {
      const stored = await visibleDoc('tv', params.id);
      return stored && seasonsJson(deriveSeasons(decodeTitle('tv', stored)));
    },
    TITLE_NOT_FOUND.tv,
  );

  const row = async (type: TitleType, sort: 'popularity' | 'rating') =>
    (await list(type, { sets: [], sort, descending: true, offset: 0, limit: ROW_SIZE })).bodies;

  read('/search/suggestions', suggestionSchemas, async ({ query }) => {
    const { q, limit } = query;
    const location = await locate();
    const empty: SearchSuggestions = { movies: [], tvShows: [] };
    if (!location) return suggestionsJson(empty);
    const [movieTitles, tvTitles] = await Promise.all([
      searches.find(location, 'movie', q, 'visible', SUGGESTION_REACH),
      searches.find(location, 'tv', q, 'visible', SUGGESTION_REACH),
    ]);
    // Asked on every key stroke: an answer is kept for the index versions it was read at, and
    // until a notice says the catalogue changed (a poster changes no version).
    const key = `${foldedSearch(q)}|${limit}|${location.generation}|${location.epochs.movie}|${location.epochs.tv}|${movieTitles.version}|${tvTitles.version}`;
    const kept = suggestionAnswers.get(key);
    if (kept) return kept;
    const [movies, tvShows] = await Promise.all([
      readSuggestions(redis, location, 'movie', movieTitles.ranked, limit),
      readSuggestions(redis, location, 'tv', tvTitles.ranked, limit),
    ]);
    const answer = suggestionsJson({ movies, tvShows });
    if (suggestionAnswers.size >= KEPT_SUGGESTIONS)
      suggestionAnswers.delete(suggestionAnswers.keys().next().value!);
    suggestionAnswers.set(key, answer);
    return answer;
  });

  read('/movies/trending/now', plainSchemas, async () => titlesJson(await row('movie', 'popularity')));

  read('/home', plainSchemas, async () => {
    const [trendingMovies, trendingTVShows, topRatedMovies, topRatedTVShows] = await Promise.all([
      row('movie', 'popularity'),
      row('tv', 'popularity'),
      row('movie', 'rating'),
      row('tv', 'rating'),
    ]);
    return homeJson({ trendingMovies, trendingTVShows, topRatedMovies, topRatedTVShows });
  });

  endpoints.push(
    endpoint({
      method: 'GET',
      path: '/api/admin/content',
      schemas: adminSchemas,
      access: 'admin',
      readsAfter,
      handle: ({ query }) => adminContent(query),
    }),
  );

  /** The back office's page of titles, hidden ones included, with their views. */
  async function adminContent(query: z.output<typeof adminContentQuery>): Promise<Answer> {
    const body: AdminContentResponse = { items: [], page: query.page, pages: 0, total: 0 };
    const location = await locate();
    if (!location) return ok(body);
    const { type } = query;
    const dateRange =
      query.dateFrom || query.dateTo
        ? {
            min: query.dateFrom ? dateScore(query.dateFrom) : Number.NEGATIVE_INFINITY,
            max: query.dateTo ? dateScore(query.dateTo) : Number.POSITIVE_INFINITY,
          }
        : undefined;
    const universe = query.hidden === 'all' ? 'all' : query.hidden === 'true' ? 'hidden' : 'visible';
    // Always set: the contract gives a query left without an order its default one.
    const sortBy = query.sortBy!;
    const asked = {
      universe,
      sets: [],
      descending: sortBy !== 'title',
      ...(dateRange ? { dateRange } : {}),
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    } as const;
    const { ids, total } = query.search
      ? await searchPage(redis, searches, location, type, query.search, { ...asked, sort: sortBy })
      : await runQuery(redis, location, {
          ...asked,
          type,
          sort: sortBy === 'relevance' ? 'created' : sortBy,
        });
    body.items.push(...(await readAdminContentItems(redis, location, type, ids)));
    body.total = total;
    body.pages = Math.ceil(total / query.limit);
    return ok(body);
  }

  return endpoints;
}
