import { useRedisServer, sampleMovie as movie } from '@cinefold/platform/testing';
import { type GivenEvent, type ReadModel, specOf } from '@cinefold/read-models/testing';
import { describe, expect, it } from 'vitest';
import { createCatalogueProjector } from './projection.js';

const redisServer = useRedisServer();
const { given } = specOf(createCatalogueProjector, () => redisServer.client());

const imported = (id: number): GivenEvent => ({
  type: 'TitleImported',
  data: { type: 'movie', line: 2, title: movie(id, `Movie ${id}`) },
});
const deleted = (id: number): GivenEvent => ({ type: 'TitleDeleted', data: { type: 'movie', id } });
const view = (day: string, id: number | string, visitor = 'visitor-a'): GivenEvent => ({
  type: 'PageViewed',
  stream: `pageviews-${day}`,
  data: {
    path: `/movies/${id}`,
    title: { type: 'movie', id: String(id) },
    source: 'Direct',
    device: 'desktop',
    country: 'US',
    visitor,
  },
});
const closing = (day: string, titles: Record<number | string, number>): GivenEvent => ({
  type: 'TrafficDayClosed',
  stream: `traffic-day-closed-${day}`,
  data: {
    day,
    views: Object.values(titles).reduce((a, b) => a + b, 0),
    visitors: 1,
    sources: {},
    devices: {},
    countries: {},
    titles: Object.entries(titles).map(([id, views]) => ({ type: 'movie' as const, id, views })),
    throughRevision: 0,
  },
});

/** The views order and the books behind it. */
const viewsOnly = (model: ReadModel) =>
  Object.fromEntries(
    Object.entries(model).filter(([key]) => key.startsWith('views') || key.endsWith('sort:views')),
  );

describe('the catalogue’s views order', () => {
  it('orders the titles by their views over all days, a title imported after its views included', async () => {
    await given([
      imported(550),
      imported(551),
      view('2025-03-01', 550),
      view('2025-03-01', 550, 'visitor-b'),
      view('2025-03-02', 551),
      view('2025-03-02', 999),
      imported(999),
      imported(1000),
    ]).then(
      {
        'movie:e0:sort:views': [
          ['1000', 0],
          ['551', 1],
          ['999', 1],
          ['550', 2],
        ],
        'views:day:2025-03-01': { 'movie:550': 2 },
        'views:day:2025-03-02': { 'movie:551': 1, 'movie:999': 1 },
        'views:movie': { '551': 1, '999': 1, '550': 2 },
      },
      { view: viewsOnly },
    );
  });

  it('never adds a title that is not in the catalogue, and drops a deleted one', async () => {
    await given([imported(550), view('2025-03-01', 999), view('2025-03-01', 550), deleted(550)]).then(
      {
        'views:day:2025-03-01': { 'movie:550': 1, 'movie:999': 1 },
        'views:movie': { '550': 1, '999': 1 },
      },
      { view: viewsOnly, batchSize: 1 },
    );
  });

  it('is rebuilt from the closings alone, once old page views are deleted, as it was served', async () => {
    const titles = [imported(550), imported(551)];
    const march1 = [view('2025-03-01', 550), view('2025-03-01', 551), view('2025-03-01', 550)];
    const later = [view('2025-03-02', 551)];
    const served = await given([
      ...titles,
      ...march1,
      ...later,
      closing('2025-03-01', { 550: 2, 551: 1 }),
    ]).built();
    const deletedViews = await given([
      ...titles,
      ...later,
      closing('2025-03-01', { 550: 2, 551: 1 }),
    ]).built();
    expect(deletedViews).toEqual(served);
    expect(viewsOnly(served)).toEqual({
      'movie:e0:sort:views': [
        ['550', 2],
        ['551', 2],
      ],
      'views:closed': ['2025-03-01'],
      'views:day:2025-03-02': { 'movie:551': 1 },
      'views:movie': { '550': 2, '551': 2 },
    });
    // Batch by batch, and with a view the closing left out (counted, then given back): the same.
    await given([
      ...titles,
      ...march1,
      view('2025-03-01', 552),
      ...later,
      closing('2025-03-01', { 550: 2, 551: 1 }),
    ]).then(viewsOnly(served), { view: viewsOnly, batchSize: 1 });
  });

  it('counts a title by its id as written, and orders only the catalogue’s whole numbers', async () => {
    // "007" and "tt7" are views of no title ("007" is not 7); 3000000000 is a title past 2^31.
    const ids = ['7', '007', 'tt7', '3000000000'];
    const views = ids.flatMap((id) => [view('2025-03-01', id), view('2025-03-01', id, 'visitor-b')]);
    const titles = [imported(7), imported(3_000_000_000)];
    await given([...titles, ...views]).then(
      {
        'movie:e0:sort:views': [
          ['3000000000', 2],
          ['7', 2],
        ],
        'views:day:2025-03-01': { 'movie:7': 2, 'movie:007': 2, 'movie:tt7': 2, 'movie:3000000000': 2 },
        'views:movie': { '7': 2, '007': 2, tt7: 2, '3000000000': 2 },
      },
      { view: viewsOnly },
    );
    // The closing gives back what it leaves out ("007"), and sets the others' views.
    await given([
      ...titles,
      ...views,
      view('2025-03-02', 7),
      closing('2025-03-01', { 7: 5, tt7: 1, 3000000000: 1 }),
    ]).then(
      {
        'movie:e0:sort:views': [
          ['3000000000', 1],
          ['7', 6],
        ],
        'views:closed': ['2025-03-01'],
        'views:day:2025-03-02': { 'movie:7': 1 },
        'views:movie': { tt7: 1, '3000000000': 1, '7': 6 },
      },
      { view: viewsOnly, batchSize: 3 },
    );
  });

  it('takes a closing that names more titles than a call takes arguments', async () => {
    const titles = Object.fromEntries(Array.from({ length: 150_000 }, (_, i) => [i + 1, 1]));
    const model = await given([imported(7), closing('2025-03-01', titles)]).built();
    expect(Object.keys(model['views:movie'] as object)).toHaveLength(150_000);
    expect(model['movie:e0:sort:views']).toEqual([['7', 1]]);
  });
});
