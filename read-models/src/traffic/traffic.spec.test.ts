import { noViewsOn, VISITORS_NOW_MINUTES } from '@cinefold/contracts';
import { readModelKeys, siteDay } from '@cinefold/platform';
import { samplePageView, useRedisServer } from '@cinefold/platform/testing';
import { GenerationWriter } from '@cinefold/read-models';
import {
  type GivenEvent,
  type ReadModel,
  readModel,
  record,
  SPEC_TIME,
  specOf,
} from '@cinefold/read-models/testing';
import { describe, expect, it } from 'vitest';
import { minuteOf, minuteOfIso, minuteVisitorsExpireAt } from './keys.js';
import { trafficProjector } from './projection.js';

const redisServer = useRedisServer();
const { given } = specOf(
  () => trafficProjector,
  () => redisServer.client(),
);

const view = (
  day: string,
  data: Partial<Extract<GivenEvent, { type: 'PageViewed' }>['data']> = {},
): GivenEvent => ({ ...samplePageView(data), stream: `pageviews-${day}` });

/** A HyperLogLog reads back as bytes: the spec states that it is there; the summary's tests count it. */
const withoutVisitorSketches = (model: ReadModel) =>
  Object.fromEntries(Object.entries(model).filter(([key]) => !key.endsWith(':visitors')));

describe('the traffic read model', () => {
  it('counts each day’s views by source, device, country and title', async () => {
    await given([
      view('2025-03-01', { path: '/movies/550', title: { type: 'movie', id: '550' }, source: 'Google' }),
      view('2025-03-01', { path: '/movies/550', title: { type: 'movie', id: '550' }, device: 'mobile' }),
      view('2025-03-01', { path: '/tv-shows/1399', title: { type: 'tv', id: '1399' }, country: 'FR' }),
      view('2025-03-02', { path: '/movies/550', title: { type: 'movie', id: '550' }, source: 'Google' }),
    ]).then(
      {
        'day:2025-03-01': { views: '3' },
        'day:2025-03-01:sources': { Google: 1, Direct: 2 },
        'day:2025-03-01:devices': { mobile: 1, desktop: 2 },
        'day:2025-03-01:countries': { FR: 1, US: 2 },
        'day:2025-03-01:titles': { 'tv:1399': 1, 'movie:550': 2 },
        'day:2025-03-02': { views: '1' },
        'day:2025-03-02:sources': { Google: 1 },
        'day:2025-03-02:devices': { desktop: 1 },
        'day:2025-03-02:countries': { US: 1 },
        'day:2025-03-02:titles': { 'movie:550': 1 },
        'titles:movie': { '550': 3 },
        'titles:tv': { '1399': 1 },
        views: '4',
      },
      { view: withoutVisitorSketches },
    );
  });

  it('keeps one sketch of unique visitors a day', async () => {
    await given([view('2025-03-01'), view('2025-03-01', { visitor: 'visitor-b' }), view('2025-03-02')]).then(
      ['day:2025-03-01:visitors', 'day:2025-03-02:visitors'],
      { view: (model) => Object.keys(model).filter((key) => key.endsWith(':visitors')) },
    );
  });

  it('adds up views spread over many batches', async () => {
    const events = Array.from({ length: 7 }, (_, i) =>
      view('2025-03-01', { visitor: `visitor-${i}`, title: { type: 'movie', id: String(i % 2) } }),
    );
    await given(events).then(
      {
        'day:2025-03-01': { views: '7' },
        'day:2025-03-01:sources': { Direct: 7 },
        'day:2025-03-01:devices': { desktop: 7 },
        'day:2025-03-01:countries': { US: 7 },
        'day:2025-03-01:titles': { 'movie:1': 3, 'movie:0': 4 },
        'titles:movie': { '1': 3, '0': 4 },
        views: '7',
      },
      { batchSize: 3, view: withoutVisitorSketches },
    );
  });

  it('keeps a sketch of each recent minute’s visitors for "visitors now", and none of minutes long past', async () => {
    const minuteAgo = new Date(Date.now() - 60_000).toISOString();
    const recent = minuteOf(Date.parse(minuteAgo));
    const sketches = (model: ReadModel) => Object.keys(model).filter((key) => key.startsWith('minute:'));
    await given([
      { ...view('2025-03-01'), at: SPEC_TIME },
      { ...view(siteDay('UTC'), { visitor: 'visitor-b' }), at: minuteAgo },
    ]).then([`minute:${recent}:visitors`], { view: sketches });
  });

  it('lets a minute’s sketch expire once it leaves "visitors now"', async () => {
    const redis = redisServer.client();
    const generation = await redis.incr(readModelKeys.nextGeneration(trafficProjector.name));
    const writer = new GenerationWriter(trafficProjector, { redis, generation, requireActive: false });
    const at = new Date().toISOString();
    await writer.apply(record([{ ...view(siteDay('UTC')), at }], 0));
    const minute = minuteOf(Date.parse(at));
    const sketch = readModelKeys.key(trafficProjector.name, generation, 'minute', minute, 'visitors');
    expect(await redis.pexpiretime(sketch)).toBe(minuteVisitorsExpireAt(minute, VISITORS_NOW_MINUTES));
    expect(await redis.pfcount(sketch)).toBe(1);
  });

  it('holds nothing before the first view', async () => {
    await given([]).then({});
  });

  it('does not count a view again when the store delivers it again', async () => {
    // Delivery is at least once: the same events, at the same positions, arrive twice (a
    // reconnection). The checkpoint, written with the counts, skips them.
    const redis = redisServer.client();
    const generation = await redis.incr(readModelKeys.nextGeneration(trafficProjector.name));
    const writer = new GenerationWriter(trafficProjector, { redis, generation, requireActive: false });
    const events = record([view('2025-03-01'), view('2025-03-01', { visitor: 'visitor-b' })], 0);
    await writer.apply(events);
    const once = await readModel(redis, trafficProjector.name, generation);
    await writer.apply(events);
    await writer.apply(events.slice(1));
    expect(await readModel(redis, trafficProjector.name, generation)).toEqual(once);
    expect(once['views']).toBe('2');
    const sketch = readModelKeys.key(trafficProjector.name, generation, 'day', '2025-03-01', 'visitors');
    expect(await redis.pfcount(sketch)).toBe(2);
  });
});

const closing = (
  day: string,
  totals: Partial<Extract<GivenEvent, { type: 'TrafficDayClosed' }>['data']> = {},
): GivenEvent => ({
  type: 'TrafficDayClosed',
  stream: `traffic-day-closed-${day}`,
  data: { ...noViewsOn(day), ...totals },
});

describe('the minute of an event', () => {
  it('is cut out of the ISO time the store gives back, and parsed when the time is written another way', () => {
    const at = Date.parse('2026-11-27T23:59:59.999Z');
    expect(minuteOfIso(new Date(at).toISOString())).toBe(minuteOf(at));
    expect(minuteOfIso('2026-11-27T23:59:59.999Z')).toBe('2026-11-27T23:59');
    // An offset other than UTC is read as the time it is.
    expect(minuteOfIso('2026-11-28T01:59:59.999+02:00')).toBe('2026-11-27T23:59');
  });
});

describe('the books of a day, closed', () => {
  const march1 = [
    view('2025-03-01', { title: { type: 'movie', id: '550' }, source: 'Google' }),
    view('2025-03-01', { title: { type: 'movie', id: '550' }, visitor: 'visitor-b', device: 'mobile' }),
    view('2025-03-01', { title: { type: 'tv', id: '1399' }, country: 'FR' }),
  ];
  const march1Closed = closing('2025-03-01', {
    views: 3,
    visitors: 2,
    sources: { Google: 1, Direct: 2 },
    devices: { desktop: 2, mobile: 1 },
    countries: { US: 2, FR: 1 },
    titles: [
      { type: 'movie', id: '550', views: 2 },
      { type: 'tv', id: '1399', views: 1 },
    ],
    throughRevision: 2,
  });
  const march2 = [
    view('2025-03-02', { title: { type: 'movie', id: '550' } }),
    view('2025-03-02', { visitor: 'visitor-c' }),
  ];
  const closedModel = {
    'day:2025-03-01': { views: '3', visitors: '2', closed: '1' },
    'day:2025-03-01:sources': { Google: 1, Direct: 2 },
    'day:2025-03-01:devices': { mobile: 1, desktop: 2 },
    'day:2025-03-01:countries': { FR: 1, US: 2 },
    // No views per title of a closed day: they are in the all-time figures.
    'day:2025-03-02': { views: '2' },
    'day:2025-03-02:sources': { Direct: 2 },
    'day:2025-03-02:devices': { desktop: 2 },
    'day:2025-03-02:countries': { US: 2 },
    'day:2025-03-02:titles': { 'movie:550': 1 },
    'titles:movie': { '550': 3 },
    'titles:tv': { '1399': 1 },
    views: '5',
  };

  it('holds the day’s totals, its visitors counted exactly and no sketch, beside the open days', async () => {
    await given([...march1, ...march2, march1Closed]).then(closedModel, { view: withoutVisitorSketches });
    await given([...march1, ...march2, march1Closed]).then(['day:2025-03-02:visitors'], {
      view: (model) => Object.keys(model).filter((key) => key.endsWith(':visitors')),
    });
  });

  it('is rebuilt from the closing alone, once the day’s views are deleted, as it was served', async () => {
    const served = await given([...march1, ...march2, march1Closed]).built();
    const deleted = await given([...march2, march1Closed]).built();
    expect(withoutVisitorSketches(deleted)).toEqual(withoutVisitorSketches(served));
    expect(withoutVisitorSketches(served)).toEqual(closedModel);
    // Whatever the batches, and with part of the views gone (EventStoreDB's scavenge drops them
    // a chunk at a time): the same model.
    for (const batchSize of [1, 2, 4])
      await given([...march1.slice(1), ...march2, march1Closed]).then(closedModel, {
        batchSize,
        view: withoutVisitorSketches,
      });
  });

  it('ignores views of the day that come after its closing, and a second closing', async () => {
    await given([
      ...march1,
      march1Closed,
      view('2025-03-01', { title: { type: 'movie', id: '550' }, visitor: 'late' }),
      closing('2025-03-01', { views: 99 }),
      ...march2,
    ]).then(closedModel, { view: withoutVisitorSketches, batchSize: 2 });
  });

  it('gives back views counted before the closing that its totals leave out', async () => {
    // Views appended after the closer read the day, but before its closing: the totals are the
    // day's figures, as they will be once the day's views are deleted.
    const late = view('2025-03-01', { title: { type: 'tv', id: '42' }, source: 'Bing', visitor: 'late' });
    await given([...march1, late, ...march2, march1Closed]).then(closedModel, {
      view: withoutVisitorSketches,
    });
    await given([late, march1Closed]).then(
      {
        'day:2025-03-01': { views: '3', visitors: '2', closed: '1' },
        'day:2025-03-01:sources': { Google: 1, Direct: 2 },
        'day:2025-03-01:devices': { mobile: 1, desktop: 2 },
        'day:2025-03-01:countries': { FR: 1, US: 2 },
        'titles:movie': { '550': 2 },
        'titles:tv': { '1399': 1 },
        views: '3',
      },
      { batchSize: 1 },
    );
  });

  it('holds a closing that names more titles than a call takes arguments', async () => {
    const titles = Array.from({ length: 150_000 }, (_, i) => ({
      type: 'movie' as const,
      id: String(i + 1),
      views: 1,
    }));
    const model = await given([closing('2025-03-04', { views: titles.length, titles })]).built();
    expect(model['day:2025-03-04:titles']).toBeUndefined();
    expect(Object.keys(model['titles:movie'] as object)).toHaveLength(titles.length);
    expect(model.views).toBe(String(titles.length));
  });

  it('counts a title by its id as written: "7", "007", "tt7" and one past 2^31 apart', async () => {
    const ids = ['7', '007', 'tt7', '3000000000'];
    const views = ids.flatMap((id) => [
      view('2025-03-05', { title: { type: 'movie', id } }),
      view('2025-03-05', { title: { type: 'movie', id }, visitor: 'visitor-b' }),
    ]);
    const titlesOnly = (model: ReadModel) =>
      Object.fromEntries(
        Object.entries(model).filter(([key]) => key.endsWith('titles') || key.startsWith('titles')),
      );
    await given(views).then(
      {
        'day:2025-03-05:titles': { 'movie:7': 2, 'movie:007': 2, 'movie:tt7': 2, 'movie:3000000000': 2 },
        'titles:movie': { '7': 2, '007': 2, tt7: 2, '3000000000': 2 },
      },
      { view: titlesOnly },
    );
    // The closing gives back what it leaves out ("007", which leaves the books) and sets the rest.
    const totals = [
      { type: 'movie' as const, id: '7', views: 5 },
      { type: 'movie' as const, id: 'tt7', views: 1 },
      { type: 'movie' as const, id: '3000000000', views: 3 },
    ];
    await given([...views, closing('2025-03-05', { views: 9, titles: totals })]).then(
      { 'titles:movie': { tt7: 1, '3000000000': 3, '7': 5 } },
      { view: titlesOnly, batchSize: 3 },
    );
  });

  it('closes a quiet day with zeros', async () => {
    await given([closing('2025-03-03')]).then({
      'day:2025-03-03': { views: '0', visitors: '0', closed: '1' },
    });
  });
});
