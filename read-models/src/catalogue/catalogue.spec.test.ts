import type { Movie, TitleType, TvShow } from '@cinefold/contracts';
import { useRedisServer, sampleMovie as movie, sampleTvShow } from '@cinefold/platform/testing';
import { type GivenEvent, type ReadModel, specOf } from '@cinefold/read-models/testing';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_SORTS } from './keys.js';
import { decodeTitle } from './stored.js';
import { livePostings, NAME_POSTING_BYTES, OVERVIEW_POSTING_BYTES } from './search-index.js';
import { createCatalogueProjector } from './projection.js';

const redisServer = useRedisServer();
const { given } = specOf(createCatalogueProjector, () => redisServer.client());

const imported = (title: Movie, line = 2): GivenEvent => ({
  type: 'TitleImported',
  data: { type: 'movie', line, title },
});
const importedShow = (title: TvShow): GivenEvent => ({
  type: 'TitleImported',
  data: { type: 'tv', line: 2, title },
});
const hidden = (id: number, type: TitleType = 'movie'): GivenEvent => ({
  type: 'TitleHidden',
  data: { type, id },
});
const unhidden = (id: number): GivenEvent => ({ type: 'TitleUnhidden', data: { type: 'movie', id } });
const deleted = (id: number): GivenEvent => ({ type: 'TitleDeleted', data: { type: 'movie', id } });
const truncated = (type: TitleType): GivenEvent => ({
  type: 'CatalogueTruncated',
  data: { jobId: 'j-2', type },
});

const ids = (value: unknown) => ((value as string[] | undefined) ?? []).map(Number);

/**
 * One type's catalogue as the site uses it: which titles there are and under what name, which
 * are listed (visible) or only found by admins (hidden), by genre and year, what a search for
 * each of `words` finds, and the orders. `leftovers` are keys of epochs a replace dropped.
 */
function catalogueOf(type: TitleType, words: readonly string[] = []) {
  return (model: ReadModel) => {
    const epoch = Number(model[`${type}:epoch`] ?? 0);
    const prefix = `${type}:e${epoch}:`;
    const titles: Record<number, string> = {};
    const genres: Record<string, number[]> = {};
    const years: Record<string, number[]> = {};
    /** Live ids of each name word's and overview word's postings. */
    const names = new Map<string, number[]>();
    const overviews = new Map<string, number[]>();
    const dead = (model[`${prefix}search:dead`] ?? {}) as Record<string, string>;
    const live = (list: Buffer, size: number, name: string) =>
      [...livePostings(list, size, Number(dead[name] ?? 0))].map((at) => list.readUInt32LE(at));
    let leftovers = 0;
    for (const [key, value] of Object.entries(model)) {
      if (new RegExp(`^${type}:e\\d+:`).test(key) && !key.startsWith(prefix)) leftovers++;
      if (!key.startsWith(prefix)) continue;
      const name = key.slice(prefix.length);
      if (name.startsWith('docs:')) {
        for (const stored of Object.values(value as Record<string, Buffer | string>)) {
          const title = decodeTitle(type, Buffer.from(stored));
          titles[title.id] = 'title' in title ? title.title : title.name;
        }
      } else if (name.startsWith('genre:')) genres[name.slice(6)] = ids(value);
      else if (name.startsWith('year:')) years[name.slice(5)] = ids(value);
      else if (name.startsWith('search:t:'))
        names.set(name.slice(9), live(value as Buffer, NAME_POSTING_BYTES, `t:${name.slice(9)}`));
      else if (name.startsWith('search:o:'))
        overviews.set(name.slice(9), live(value as Buffer, OVERVIEW_POSTING_BYTES, `o:${name.slice(9)}`));
    }
    const hiddenIds = new Set(ids(model[`${prefix}hidden`]));
    // What a search for a word finds: names with a word it starts (search as you type), overviews with it.
    const found = (word: string) => {
      const out = new Set(overviews.get(word) ?? []);
      for (const [term, members] of names) if (term.startsWith(word)) for (const id of members) out.add(id);
      return [...out].sort((a, b) => a - b);
    };
    // Each order as [id, score] pairs, in order (read whole: see orderKeyComparison).
    const orderOf = (order: string) => (model[`${prefix}sort:${order}`] ?? []) as [string, number][];
    const orders = CATALOGUE_SORTS.map((order) => orderOf(order).map(([id]) => Number(id)));
    return {
      epoch,
      titles,
      visible: ids(model[`${prefix}visible`]),
      hidden: ids(model[`${prefix}hidden`]),
      genres,
      genreNames: model[`${prefix}genre-names`] ?? {},
      years,
      search: Object.fromEntries(
        words.map((word) => [
          word,
          { found: found(word), hidden: found(word).filter((id) => hiddenIds.has(id)).length },
        ]),
      ),
      // Every title is in every order, and nothing else is.
      inEveryOrder: orders.every((members) => same(members, Object.keys(titles).map(Number))),
      // No search set holds an id that is no longer a title.
      searchHoldsOnlyTitles: [...names.values(), ...overviews.values()].every((members) =>
        members.every((id) => id in titles),
      ),
      aToZ: orderOf('title').map(([id]) => Number(id)),
      droppedEpochs: model[`${type}:dropped-epochs`] ?? [],
      leftovers,
    };
  };
}

const same = (a: number[], b: number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);

const heat = movie(949, 'Heat', {
  overview: 'A heist in Los Angeles.',
  genres: 'Crime, Drama',
  release_date: '1995-12-15',
});
const ronin = movie(8195, 'Ronin', {
  overview: 'A heist in Paris.',
  genres: 'Action, Thriller',
  release_date: '1998-09-25',
});
const alien = movie(348, 'Alien', { genres: 'Horror, Science Fiction', release_date: '1979-05-25' });

const base = {
  epoch: 0,
  hidden: [],
  droppedEpochs: [],
  inEveryOrder: true,
  searchHoldsOnlyTitles: true,
  leftovers: 0,
};

describe('the catalogue read model', () => {
  it('lists imported titles by genre and year, finds them by their words, and orders them', async () => {
    await given([imported(heat), imported(ronin), imported(alien)]).then(
      {
        ...base,
        titles: { 949: 'Heat', 8195: 'Ronin', 348: 'Alien' },
        visible: [348, 949, 8195],
        genres: {
          crime: [949],
          drama: [949],
          action: [8195],
          thriller: [8195],
          horror: [348],
          'science-fiction': [348],
        },
        genreNames: {
          crime: 'Crime',
          drama: 'Drama',
          action: 'Action',
          thriller: 'Thriller',
          horror: 'Horror',
          'science-fiction': 'Science Fiction',
        },
        years: { 1995: [949], 1998: [8195], 1979: [348] },
        search: {
          heist: { found: [949, 8195], hidden: 0 },
          he: { found: [949], hidden: 0 },
          paris: { found: [8195], hidden: 0 },
        },
        aToZ: [348, 949, 8195],
      },
      { view: catalogueOf('movie', ['heist', 'he', 'paris']), twice: true },
    );
  });

  it('indexes a title named by a word every object has a property of', async () => {
    const constructor = movie(77, 'The Constructor', { genres: 'Drama', release_date: '2011-05-01' });
    await given([imported(constructor)]).then(
      {
        ...base,
        titles: { 77: 'The Constructor' },
        visible: [77],
        genres: { drama: [77] },
        genreNames: { drama: 'Drama' },
        years: { 2011: [77] },
        search: { constructor: { found: [77], hidden: 0 } },
        aToZ: [77],
      },
      { view: catalogueOf('movie', ['constructor']) },
    );
  });

  it('keeps adult titles hidden from the lists, but found by an admin’s search', async () => {
    const adult = movie(77, 'Midnight Heist', { genres: 'Drama', adult: true });
    await given([imported(heat), imported(adult)]).then(
      expectCatalogue({
        titles: { 949: 'Heat', 77: 'Midnight Heist' },
        visible: [949],
        hidden: [77],
        genres: { crime: [949], drama: [949] },
        years: { 1995: [949] },
        search: { heist: { found: [77, 949], hidden: 1 } },
      }),
      { view: catalogueOf('movie', ['heist']), twice: true },
    );
  });

  it('re-indexes a title imported again under its id: old words, genre and year are gone', async () => {
    const heatAgain = movie(949, 'Heat Wave', {
      overview: 'Summer in Rome.',
      genres: 'Comedy',
      release_date: '2001-06-01',
    });
    await given([imported(heat), imported(ronin), imported(heatAgain, 3)]).then(
      expectCatalogue({
        titles: { 949: 'Heat Wave', 8195: 'Ronin' },
        visible: [949, 8195],
        genres: { comedy: [949], action: [8195], thriller: [8195] },
        years: { 1998: [8195], 2001: [949] },
        search: {
          heist: { found: [8195], hidden: 0 },
          rome: { found: [949], hidden: 0 },
          wave: { found: [949], hidden: 0 },
        },
        aToZ: [949, 8195],
      }),
      { view: catalogueOf('movie', ['heist', 'rome', 'wave']), twice: true },
    );
  });

  it('keeps a hidden title hidden when it is imported again', async () => {
    await given([imported(heat), hidden(949), imported({ ...heat, title: 'Heat (1995)' })]).then(
      expectCatalogue({
        titles: { 949: 'Heat (1995)' },
        visible: [],
        hidden: [949],
        genres: {},
        years: {},
        search: { heist: { found: [949], hidden: 1 } },
      }),
      { view: catalogueOf('movie', ['heist']), twice: true },
    );
  });

  it('takes a hidden title out of the lists, and puts it back when unhidden', async () => {
    const view = catalogueOf('movie', ['heist']);
    await given([imported(heat), imported(ronin), hidden(949)]).then(
      expectCatalogue({
        titles: { 949: 'Heat', 8195: 'Ronin' },
        visible: [8195],
        hidden: [949],
        genres: { action: [8195], thriller: [8195] },
        years: { 1998: [8195] },
        search: { heist: { found: [949, 8195], hidden: 1 } },
      }),
      { view, twice: true },
    );
    await given([imported(heat), imported(ronin), hidden(949), unhidden(949)]).then(
      expectCatalogue({
        titles: { 949: 'Heat', 8195: 'Ronin' },
        visible: [949, 8195],
        genres: { crime: [949], drama: [949], action: [8195], thriller: [8195] },
        years: { 1995: [949], 1998: [8195] },
        search: { heist: { found: [949, 8195], hidden: 0 } },
      }),
      { view, twice: true },
    );
  });

  it('changes nothing when a title that is not there is hidden, unhidden or deleted', async () => {
    await given([hidden(1), unhidden(2), deleted(3), imported(heat), unhidden(949)]).then(
      expectCatalogue({
        titles: { 949: 'Heat' },
        visible: [949],
        genres: { crime: [949], drama: [949] },
        years: { 1995: [949] },
        search: { heist: { found: [949], hidden: 0 } },
      }),
      { view: catalogueOf('movie', ['heist']), twice: true },
    );
  });

  it('forgets a deleted title everywhere, hidden or not', async () => {
    const adult = movie(77, 'Midnight Heist', { adult: true });
    await given([imported(heat), imported(ronin), imported(adult), deleted(949), deleted(77)]).then(
      expectCatalogue({
        titles: { 8195: 'Ronin' },
        visible: [8195],
        genres: { action: [8195], thriller: [8195] },
        years: { 1998: [8195] },
        search: { heist: { found: [8195], hidden: 0 } },
        aToZ: [8195],
      }),
      { view: catalogueOf('movie', ['heist']), twice: true },
    );
  });

  it('replaces the movies alone: the old ones vanish at once, the TV shows stay', async () => {
    const dark = sampleTvShow(70523, 'Dark');
    const events = [imported(heat), imported(ronin), importedShow(dark), truncated('movie'), imported(alien)];
    await given(events).then(
      expectCatalogue({
        epoch: 1,
        titles: { 348: 'Alien' },
        visible: [348],
        genres: { horror: [348], 'science-fiction': [348] },
        genreNames: { horror: 'Horror', 'science-fiction': 'Science Fiction' },
        years: { 1979: [348] },
        search: { heist: { found: [], hidden: 0 }, alien: { found: [348], hidden: 0 } },
      }),
      { view: catalogueOf('movie', ['heist', 'alien']) },
    );
    await given(events).then(
      expectCatalogue({
        titles: { 70523: 'Dark' },
        visible: [70523],
        genres: { mystery: [70523] },
        genreNames: { mystery: 'Mystery' },
        years: { 2017: [70523] },
        search: { dark: { found: [70523], hidden: 0 } },
      }),
      { view: catalogueOf('tv', ['dark']) },
    );
  });

  it('builds the same catalogue whatever the batches an import arrives in', async () => {
    const titles = Array.from({ length: 30 }, (_, i) =>
      movie(i + 1, `Title ${i + 1}`, { genres: i % 2 ? 'Drama' : 'Comedy', adult: i % 7 === 0 }),
    );
    const events = [
      ...titles.map((t) => imported(t)),
      hidden(2),
      imported({ ...titles[3]!, title: 'Renamed' }),
      deleted(5),
    ];
    const expected = await given(events).built();
    for (const batchSize of [1, 4, 11]) await given(events).then(expected, { batchSize, twice: true });
  });
});

/** The expected view of the movies, filled with what holds for every healthy catalogue. */
function expectCatalogue(expected: Partial<ReturnType<ReturnType<typeof catalogueOf>>>) {
  const titles = Object.keys(expected.titles ?? {}).map(Number);
  return {
    ...base,
    genreNames: expect.anything(),
    aToZ: expect.arrayContaining(titles),
    ...expected,
  };
}

/** The movies by IMDb id, as list-file matching reads them: `tt…` → TMDB id. */
function imdbIndexOf(model: ReadModel) {
  const prefix = `movie:e${Number(model['movie:epoch'] ?? 0)}:imdb:`;
  const index: Record<string, number> = {};
  for (const [key, value] of Object.entries(model)) {
    if (!key.startsWith(prefix)) continue;
    for (const [number, id] of Object.entries(value as Record<string, string>))
      index[`tt${number.padStart(7, '0')}`] = Number(id);
  }
  return index;
}

describe('the movies by IMDb id', () => {
  const heatOnImdb = { ...heat, imdb_id: 'tt0113277' };
  const roninOnImdb = { ...ronin, imdb_id: 'tt0122690' };

  it('holds each imported movie with an IMDb id, and none without', async () => {
    await given([imported(heatOnImdb), imported(roninOnImdb), imported(alien)]).then(
      { tt0113277: 949, tt0122690: 8195 },
      { view: imdbIndexOf, twice: true },
    );
  });

  it('follows a movie imported again with another id, and lets go of a deleted one', async () => {
    await given([
      imported(heatOnImdb),
      imported(roninOnImdb),
      imported({ ...heatOnImdb, imdb_id: 'tt9999999' }, 3),
      deleted(8195),
    ]).then({ tt9999999: 949 }, { view: imdbIndexOf, twice: true });
  });

  it('starts again empty after a replace', async () => {
    await given([imported(heatOnImdb), truncated('movie'), imported(roninOnImdb)]).then(
      { tt0122690: 8195 },
      { view: imdbIndexOf },
    );
  });
});
