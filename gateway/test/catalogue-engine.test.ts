import { join } from 'node:path';
import type { CinefoldEvent, Movie } from '@cinefold/contracts';
import {
  createEventLog,
  inspectCsv,
  openSqliteEventStore,
  readCsv,
  readModelKeys,
  systemContext,
} from '@cinefold/platform';
import { makeTempDir, useRedisServer } from '@cinefold/platform/testing';
import { rebuildProjection } from '@cinefold/projectors';
import {
  CATALOGUE,
  type CatalogueSortKey,
  catalogueKey,
  dateScore,
  genreNames,
  genreSlug,
  locateCatalogue,
  ratingScore,
  titleSortScore,
  createCatalogueProjector,
  CatalogueSearch,
  compareResults,
  INTERSECTION_TTL_MS,
  runQuery,
  ScoreUpdates,
  writeScoresNow,
  type TitleQuery,
} from '@cinefold/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowReader } from '@cinefold/workers';

// Every query is answered by both strategies of the engine (fetch-and-sort, walk-the-order) and
// checked against a plain scan over the titles, on the real 2,630-row sample. A search's titles
// are what the search finds (its own tests are in catalogue-search.test.ts), given to the engine
// as a set like any filter.
const redisServer = useRedisServer();
const dir = makeTempDir('engine');
const titles: Movie[] = [];
const hidden = new Set<number>();

beforeAll(async () => {
  const file = '../shared/data/tmdb-movies-2631.csv';
  const { encoding, header } = await inspectCsv(file, 'movie');
  const read = rowReader('movie', header);
  await readCsv(file, encoding, async (records) => {
    for (const record of records.filter((r) => r.line > 1)) {
      const row = read(record.fields);
      if (row.ok) titles.push(row.title as Movie);
    }
  });
  const store = openSqliteEventStore(join(dir.path, 'events.sqlite'));
  const log = createEventLog(store);
  for (let i = 0; i < titles.length; i += 500) {
    const events: CinefoldEvent[] = titles
      .slice(i, i + 500)
      .map((title, j) => ({ type: 'TitleImported', data: { type: 'movie', line: i + j + 2, title } }));
    await log.append('import-engine-test', events, { expectedRevision: 'any', context: systemContext() });
  }
  for (const title of titles.filter((_, i) => i % 37 === 5)) hidden.add(title.id);
  for (const id of hidden) {
    await log.append(`title-movie-${id}`, [{ type: 'TitleHidden', data: { type: 'movie', id } }], {
      expectedRevision: 'any',
      context: systemContext(),
    });
  }
  // Every way a hidden title's search words can change: shown again, re-imported with other
  // words, deleted. The public totals count hidden titles apart, so each must be kept right.
  const append = (id: number, event: CinefoldEvent) =>
    log.append(`title-movie-${id}`, [event], { expectedRevision: 'any', context: systemContext() });
  for (const [n, id] of [...hidden].entries()) {
    if (n % 3 === 0) {
      await append(id, { type: 'TitleUnhidden', data: { type: 'movie', id } });
      hidden.delete(id);
    } else if (n % 3 === 1) {
      const index = titles.findIndex((t) => t.id === id);
      const changed = { ...titles[index]!, overview: `${titles[index]!.overview} A zeppelin crew.` };
      titles[index] = changed;
      await append(id, { type: 'TitleImported', data: { type: 'movie', line: 2, title: changed } });
    } else if (n % 6 === 2) {
      await append(id, { type: 'TitleDeleted', data: { type: 'movie', id } });
      titles.splice(
        titles.findIndex((t) => t.id === id),
        1,
      );
      hidden.delete(id);
    }
  }
  await rebuildProjection(createCatalogueProjector(), { store, redis: redisServer.client() });
  await store.close();
  const location = (await locateCatalogue(redisServer.client()))!;
  for (const c of cases) {
    if (!c.search) continue;
    const found = await searches().find(location, 'movie', c.search, c.universe ?? 'visible');
    foundBy.set(c.search, found);
  }
}, 60_000);
afterAll(() => dir.remove());

let search: CatalogueSearch | null = null;
const searches = () => (search ??= new CatalogueSearch(redisServer.client()));
const foundBy = new Map<string, Awaited<ReturnType<CatalogueSearch['find']>>>();

const SCORES: Record<Exclude<CatalogueSortKey, 'created' | 'views'>, (m: Movie) => number> = {
  popularity: (m) => m.popularity,
  rating: (m) => ratingScore(m.vote_average, m.vote_count),
  date: (m) => dateScore(m.release_date),
  title: (m) => titleSortScore(m.title),
};

interface Case {
  readonly name: string;
  readonly universe?: TitleQuery['universe'];
  readonly genre?: string;
  readonly year?: number;
  readonly search?: string;
  readonly dateRange?: { min: number; max: number };
  readonly sort: keyof typeof SCORES;
  readonly page?: number;
  readonly limit?: number;
}

function bruteForce(c: Case): { ids: string[]; total: number } {
  const found = c.search ? new Set(foundBy.get(c.search)!.ranked.ids) : null;
  const matching = titles.filter((m) => {
    const isHidden = hidden.has(m.id) || m.adult;
    if ((c.universe ?? 'visible') === 'visible' && isHidden) return false;
    if (c.universe === 'hidden' && !isHidden) return false;
    if (c.genre && !genreNames(m.genres).some((g) => genreSlug(g) === c.genre)) return false;
    if (c.year && m.release_date?.slice(0, 4) !== String(c.year)) return false;
    if (c.dateRange) {
      const d = dateScore(m.release_date);
      if (d < c.dateRange.min || d > c.dateRange.max) return false;
    }
    if (found && !found.has(m.id)) return false;
    return true;
  });
  const pairs = matching.map((m): [string, number] => [String(m.id), SCORES[c.sort](m)]);
  pairs.sort(compareResults(c.sort !== 'title'));
  const limit = c.limit ?? 20;
  const offset = ((c.page ?? 1) - 1) * limit;
  return { ids: pairs.slice(offset, offset + limit).map(([id]) => id), total: pairs.length };
}

const cases: Case[] = [];
for (const sort of Object.keys(SCORES) as (keyof typeof SCORES)[]) {
  cases.push(
    { name: `every visible title by ${sort}`, sort },
    { name: `every visible title by ${sort}, page 7 of 50`, sort, page: 7, limit: 50 },
    { name: `drama by ${sort}`, genre: 'drama', sort },
    { name: `drama by ${sort}, a deep page`, genre: 'drama', sort, page: 30 },
    { name: `science fiction of 2014 by ${sort}`, genre: 'science-fiction', year: 2014, sort },
    { name: `search "love" by ${sort}`, search: 'love', sort },
    { name: `search "zeppelin" (words of re-imported hidden titles) by ${sort}`, search: 'zeppelin', sort },
    { name: `search "the dark" by ${sort}`, search: 'the dark', sort },
    { name: `prefix "wor" by ${sort}`, search: 'wor', sort },
    { name: `accented "Amélie" by ${sort}`, search: 'AMELIE', sort },
    { name: `hidden titles by ${sort}`, universe: 'hidden', sort },
    {
      name: `all titles from 2000 to 2005 by ${sort}`,
      universe: 'all',
      dateRange: { min: dateScore('2000-01-01'), max: dateScore('2005-12-31') },
      sort,
    },
    {
      name: `search "war" in the 1990s by ${sort}`,
      search: 'war',
      dateRange: { min: dateScore('1990-01-01'), max: dateScore('1999-12-31') },
      sort,
    },
  );
}
cases.push({ name: 'a search nothing matches', search: 'zzzqqqxxx', sort: 'popularity' });

describe('the catalogue query engine', () => {
  for (const c of cases) {
    it(`answers ${c.name} exactly, with every strategy`, async () => {
      const redis = redisServer.client();
      const location = (await locateCatalogue(redis))!;
      const sets: string[] = [];
      if (c.genre) sets.push(`genre:${c.genre}`);
      if (c.year) sets.push(`year:${c.year}`);
      if (c.search) sets.push(await searches().asSet(location, 'movie', foundBy.get(c.search)!));
      const limit = c.limit ?? 20;
      const query: TitleQuery = {
        type: 'movie',
        universe: c.universe ?? 'visible',
        sets,
        sort: c.sort,
        descending: c.sort !== 'title',
        ...(c.dateRange ? { dateRange: c.dateRange } : {}),
        offset: ((c.page ?? 1) - 1) * limit,
        limit,
      };
      const expected = bruteForce(c);
      expect(await runQuery(redis, location, query, 'fetch')).toEqual(expected);
      expect(await runQuery(redis, location, query, 'walk')).toEqual(expected);
      if (!c.dateRange) expect(await runQuery(redis, location, query, 'intersect')).toEqual(expected);
      expect(await runQuery(redis, location, query, 'auto')).toEqual(expected);
    });
  }

  it('keeps intersections only for a while, and none of a query it will not see again', async () => {
    const redis = redisServer.client();
    const kept = await redis.keys('*:intersection:*');
    expect(kept.length).toBeGreaterThan(0);
    for (const key of kept) {
      expect(key).not.toContain('once:');
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(INTERSECTION_TTL_MS);
    }
  });

  it('walks a query asked once, and keeps the intersection of one asked again', async () => {
    const redis = redisServer.client();
    const location = (await locateCatalogue(redis))!;
    // Drama in every title, by date: walking page 1 is cheaper than intersecting, the first time.
    const query: TitleQuery = {
      type: 'movie',
      universe: 'all',
      sets: ['genre:drama'],
      sort: 'date',
      descending: true,
      offset: 0,
      limit: 20,
    };
    const keptFor = async () =>
      (await redis.keys('*:intersection:*')).filter((k) => k.endsWith(':all:date:genre:drama'));
    const first = await runQuery(redis, location, query);
    expect(await keptFor()).toEqual([]);
    const again = await runQuery(redis, location, query);
    expect(again).toEqual(first);
    expect(await keptFor()).toHaveLength(1);
    expect(await runQuery(redis, location, { ...query, offset: 20 })).toEqual(
      await runQuery(redis, location, { ...query, offset: 20 }, 'walk'),
    );
  });

  it('never answers from an intersection kept before the catalogue changed', async () => {
    const redis = redisServer.client();
    const location = (await locateCatalogue(redis))!;
    const query: TitleQuery = {
      type: 'movie',
      universe: 'visible',
      sets: ['genre:drama'],
      sort: 'popularity',
      descending: true,
      offset: 0,
      limit: 5,
    };
    const before = await runQuery(redis, location, query, 'intersect');
    expect(before.total).toBeGreaterThan(5);
    // What a commit of the projector does: change the sets, move the checkpoint.
    const checkpointKey = readModelKeys.checkpoint(CATALOGUE.projector, location.generation);
    const checkpoint = await redis.get(checkpointKey);
    const first = before.ids[0]!;
    const termKey = catalogueKey(location, 'movie', 'genre:drama');
    await redis.srem(termKey, first);
    try {
      expect((await runQuery(redis, location, query, 'intersect')).ids[0]).toBe(first); // same checkpoint
      await redis.set(checkpointKey, `${checkpoint}0`);
      const after = await runQuery(redis, location, query, 'intersect');
      expect(after.total).toBe(before.total - 1);
      expect(after.ids).not.toContain(first);
    } finally {
      await redis.sadd(termKey, first);
      await redis.set(checkpointKey, checkpoint!);
    }
  });

  it('has cases that are not trivially empty', () => {
    const sizes = cases.map((c) => bruteForce(c).total);
    expect(sizes.filter((n) => n > 20).length).toBeGreaterThan(cases.length / 2);
  });
});

describe('the walk at a size the sample cannot reach', () => {
  it('filters chunks of thousands of ids exactly, across several SMISMEMBER slices', async () => {
    // 40,000 titles in a generation of their own: the deep page needs chunks of ~16,000 ids,
    // several slices of the SMISMEMBER that filters them.
    const redis = redisServer.client();
    const location = { generation: 9_000, epochs: { movie: 0, tv: 0 } };
    const key = (...parts: string[]) => catalogueKey(location, 'movie', ...parts);
    const ids = Array.from({ length: 40_000 }, (_, i) => i + 1);
    const score = (id: number) => (id * 7919) % 40_009;
    const inGenre = (id: number) => id % 3 !== 0;
    const isHidden = (id: number) => id % 101 === 0;
    const order = new ScoreUpdates();
    for (const id of ids) order.set(id, 'popularity', score(id));
    await writeScoresNow(redis, key(''), order);
    await redis.sadd(key('genre:drama'), ...ids.filter(inGenre));
    await redis.sadd(key('visible'), ...ids.filter((id) => !isHidden(id)));
    await redis.sadd(key('hidden'), ...ids.filter(isHidden));
    const expected = ids
      .filter((id) => inGenre(id) && !isHidden(id))
      .sort((a, b) => score(b) - score(a) || (String(b) < String(a) ? -1 : 1))
      .map(String);
    for (const page of [1, 700, 1_300]) {
      const result = await runQuery(
        redis,
        location,
        {
          type: 'movie',
          universe: 'visible',
          sets: ['genre:drama'],
          sort: 'popularity',
          descending: true,
          offset: (page - 1) * 20,
          limit: 20,
        },
        'walk',
      );
      expect(result.total).toBe(expected.length);
      expect(result.ids).toEqual(expected.slice((page - 1) * 20, page * 20));
    }
  });
});
