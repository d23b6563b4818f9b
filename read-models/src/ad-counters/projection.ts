import { defineProjector, unhandled } from '../runtime/projector.js';
import { AD_COUNTERS, AD_COUNTERS_NAMES, type AdCounter } from './keys.js';

/**
 * Each ad's impressions, viewable impressions and clicks, and their totals over the ads that
 * exist.
 *
 * A beacon without a display id (the spec's call) counts each time: nothing tells its repeats
 * apart, and the per-network limits are what bound them. A beacon with one is counted once per
 * display: its first adds the id to that day's set of seen displays (the day before is checked
 * too, for a display that spans midnight or a beacon replayed the next day), and only an id new to
 * the set counts. A viewable impression or a click counts only once the same display's impression
 * has: an id that never had one names no display anybody saw. The sets are dropped two days on
 * (display ids live 12 hours): the counters are the record, the sets only catch repeats.
 */
const COUNT = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
redis.call('HINCRBY', KEYS[3], ARGV[3], 1)
return 1
`;

/** KEYS[6] and KEYS[7], when given, are the display's impressions of that day and the day before. */
const COUNT_ONCE = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 0 then return 0 end
if #KEYS == 7 and redis.call('SISMEMBER', KEYS[6], ARGV[2]) == 0 and redis.call('SISMEMBER', KEYS[7], ARGV[2]) == 0 then
  return 0
end
if redis.call('SISMEMBER', KEYS[3], ARGV[2]) == 1 then return 0 end
if redis.call('SADD', KEYS[2], ARGV[2]) == 0 then return 0 end
redis.call('EXPIRE', KEYS[2], ${2 * 24 * 3600})
redis.call('HINCRBY', KEYS[4], ARGV[3], 1)
redis.call('HINCRBY', KEYS[5], ARGV[4], 1)
return 1
`;

/** A deleted ad's counts leave the totals with it, as the dashboard sums the ads there are. */
const FORGET = `
redis.call('SREM', KEYS[1], ARGV[1])
for i = 2, #ARGV, 2 do
  local n = tonumber(redis.call('HGET', KEYS[2], ARGV[i]) or '0')
  if n ~= 0 then redis.call('HINCRBY', KEYS[3], ARGV[i + 1], -n) end
  redis.call('HDEL', KEYS[2], ARGV[i])
end
return 1
`;

const COUNTERS = {
  AdImpressionRecorded: 'impressions',
  AdViewableImpressionRecorded: 'viewableImpressions',
  AdClicked: 'clicks',
} as const satisfies Record<string, AdCounter>;

const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

export const adCountersProjector = defineProjector({
  name: AD_COUNTERS.projector,
  handles: ['AdCreated', 'AdDeleted', 'AdImpressionRecorded', 'AdViewableImpressionRecorded', 'AdClicked'],
  apply({ events, tx, key }) {
    for (const stored of events) {
      const event = stored.event;
      if (!event) continue;
      switch (event.type) {
        case 'AdCreated':
          tx.sadd(key(AD_COUNTERS.live), event.data.adId);
          break;
        case 'AdDeleted': {
          const { adId } = event.data;
          const fields = AD_COUNTERS_NAMES.flatMap((counter) => [
            AD_COUNTERS.countField(adId, counter),
            counter,
          ]);
          tx.eval(
            FORGET,
            3,
            key(AD_COUNTERS.live),
            key(AD_COUNTERS.counts),
            key(AD_COUNTERS.totals),
            adId,
            ...fields,
          );
          break;
        }
        case 'AdImpressionRecorded':
        case 'AdViewableImpressionRecorded':
        case 'AdClicked': {
          const { adId, displayId } = event.data;
          const counter = COUNTERS[event.type];
          const field = AD_COUNTERS.countField(adId, counter);
          if (displayId === undefined) {
            tx.eval(
              COUNT,
              3,
              key(AD_COUNTERS.live),
              key(AD_COUNTERS.counts),
              key(AD_COUNTERS.totals),
              adId,
              field,
              counter,
            );
            break;
          }
          // The UTC day of the beacon: the sets only need a day both beacons of a display agree on.
          const day = stored.metadata.occurredAt.slice(0, 10);
          const before = dayBefore(day);
          const afterImpression =
            counter === 'impressions'
              ? []
              : [
                  key(...AD_COUNTERS.seen('impressions', adId, day)),
                  key(...AD_COUNTERS.seen('impressions', adId, before)),
                ];
          tx.eval(
            COUNT_ONCE,
            5 + afterImpression.length,
            key(AD_COUNTERS.live),
            key(...AD_COUNTERS.seen(counter, adId, day)),
            key(...AD_COUNTERS.seen(counter, adId, before)),
            key(AD_COUNTERS.counts),
            key(AD_COUNTERS.totals),
            ...afterImpression,
            adId,
            displayId,
            field,
            counter,
          );
          break;
        }
        default:
          unhandled(event);
      }
    }
  },
});
