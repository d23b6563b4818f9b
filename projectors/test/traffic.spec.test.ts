import { VISITORS_NOW_MINUTES } from '@cinefold/contracts';
import { minuteOf, minuteVisitorsExpireAt, readModelKeys, siteDay } from '@cinefold/platform';
import { useRedisServer } from '@cinefold/platform/testing';
import { GenerationWriter, trafficProjector } from '@cinefold/projectors';
import { describe, expect, it } from 'vitest';
import { type GivenEvent, type ReadModel, readModel, record, SPEC_TIME, specOf } from './support/spec.js';

const redisServer = useRedisServer();
const { given } = specOf(
  () => trafficProjector,
  () => redisServer.client(),
);

const view = (
  day: string,
  data: Partial<Extract<GivenEvent, { type: 'PageViewed' }>['data']> = {},
): GivenEvent => ({
  type: 'PageViewed',
  stream: `pageviews-${day}`,
  data: {
    path: '/',
    title: null,
    source: 'Direct',
    device: 'desktop',
    country: 'US',
    visitor: 'visitor-a',
    ...data,
  },
});

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
