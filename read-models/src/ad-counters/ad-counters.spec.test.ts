import { useRedisServer, SAMPLE_AD } from '@cinefold/platform/testing';
import { type GivenEvent, specOf } from '@cinefold/read-models/testing';
import { describe, it } from 'vitest';
import { adCountersProjector } from './projection.js';

const redisServer = useRedisServer();
const { given } = specOf(
  () => adCountersProjector,
  () => redisServer.client(),
);

const ad = SAMPLE_AD;
const created = (adId: string): GivenEvent => ({ type: 'AdCreated', data: { adId, adminId: 'u-root', ad } });
/** A beacon of the display `displayId`, or, with null, the spec's beacon, which names none. */
const beacon =
  (type: 'AdImpressionRecorded' | 'AdViewableImpressionRecorded' | 'AdClicked') =>
  (adId: string, displayId: string | null, at?: string): GivenEvent => ({
    type,
    data: displayId === null ? { adId } : { adId, displayId },
    ...(at ? { at } : {}),
  });
const shown = beacon('AdImpressionRecorded');
const seen = beacon('AdViewableImpressionRecorded');
const clicked = beacon('AdClicked');

const counters = (model: Record<string, unknown>) => ({ counts: model.counts, totals: model.totals });

describe('the ad counters', () => {
  it('count each ad’s impressions, viewable impressions and clicks, and their totals', async () => {
    await given([
      created('a1'),
      created('a2'),
      shown('a1', 'display-1'),
      shown('a1', 'display-2'),
      seen('a1', 'display-1'),
      clicked('a1', 'display-2'),
      shown('a2', 'display-3'),
    ]).then(
      {
        counts: {
          'a1:impressions': '2',
          'a1:viewableImpressions': '1',
          'a1:clicks': '1',
          'a2:impressions': '1',
        },
        totals: { impressions: '3', viewableImpressions: '1', clicks: '1' },
      },
      { view: counters, twice: true },
    );
  });

  it('count a display once, however often its beacon is sent, even the next day', async () => {
    await given([
      created('a1'),
      shown('a1', 'display-1', '2025-03-01T23:59:59.000Z'),
      shown('a1', 'display-1', '2025-03-01T23:59:59.500Z'),
      shown('a1', 'display-1', '2025-03-02T00:00:01.000Z'),
      clicked('a1', 'display-1'),
      clicked('a1', 'display-1'),
    ]).then(
      {
        counts: { 'a1:impressions': '1', 'a1:clicks': '1' },
        totals: { impressions: '1', clicks: '1' },
      },
      { view: counters, twice: true },
    );
  });

  it('count each beacon without a display id, however often sent', async () => {
    await given([
      created('a1'),
      shown('a1', null),
      shown('a1', null),
      seen('a1', null),
      clicked('a1', null),
      clicked('a1', null),
      clicked('a1', null),
    ]).then(
      {
        counts: { 'a1:impressions': '2', 'a1:viewableImpressions': '1', 'a1:clicks': '3' },
        totals: { impressions: '2', viewableImpressions: '1', clicks: '3' },
      },
      // Not `twice`: the same beacons sent again are beacons of their own, and count.
      { view: counters },
    );
  });

  it('count a display’s viewable impression and click only after its impression, which may be of the day before', async () => {
    await given([
      created('a1'),
      clicked('a1', 'display-1'),
      seen('a1', 'display-1'),
      shown('a1', 'display-1', '2025-02-28T23:59:00.000Z'),
      seen('a1', 'display-1'),
      clicked('a1', 'display-1'),
      clicked('a1', 'display-2'),
      shown('a1', 'display-3', '2025-02-27T12:00:00.000Z'),
      clicked('a1', 'display-3'),
    ]).then(
      {
        counts: { 'a1:impressions': '2', 'a1:viewableImpressions': '1', 'a1:clicks': '1' },
        totals: { impressions: '2', viewableImpressions: '1', clicks: '1' },
      },
      { view: counters, twice: true },
    );
  });

  it('do not count beacons of an ad that does not exist or was deleted, and take a deleted ad out of the totals', async () => {
    await given([
      created('a1'),
      created('a2'),
      shown('a1', 'display-1'),
      clicked('a1', 'display-1'),
      shown('a2', 'display-2'),
      shown('ghost', 'display-3'),
      shown('ghost', null),
      { type: 'AdDeleted', data: { adId: 'a1', adminId: 'u-root' } },
      shown('a1', 'display-4'),
      shown('a1', null),
    ]).then(
      {
        counts: { 'a2:impressions': '1' },
        totals: { impressions: '1', clicks: '0' },
      },
      { view: counters, twice: true },
    );
  });
});
