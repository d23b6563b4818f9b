import { pageViewsDay, type TitleType, VISITORS_NOW_MINUTES } from '@cinefold/contracts';
import { minuteOf, minuteVisitorsExpireAt, TRAFFIC, type TrafficBreakdown } from '@cinefold/platform';
import { defineProjector } from '../runtime/projector.js';

/** Counts of one day, gathered over a batch so each key gets one command, not one per view. */
interface DayCounts {
  views: number;
  readonly visitors: Set<string>;
  readonly breakdowns: Record<TrafficBreakdown, Map<string, number>>;
  /** `{type}:{id}` → views, and the title it names. */
  readonly titles: Map<string, { readonly type: TitleType; readonly id: string; views: number }>;
}

const add = (counts: Map<string, number>, member: string) =>
  counts.set(member, (counts.get(member) ?? 0) + 1);

/**
 * The traffic read model: per day (the day of the view's stream, in the site's time zone) its
 * views, unique visitors, sources, devices, countries and views per title, plus views per title
 * over all days. Unique visitors are a HyperLogLog per day: 12 KB at most whatever the traffic
 * (a set of hashes would grow by ~100 bytes a visitor, hundreds of MB over a year of days), within
 * 0.81% of the exact count, and adding a visitor twice changes nothing. Counts rely on the runner
 * applying each event once (its checkpoint moves in the same transaction).
 */
export const trafficProjector = defineProjector({
  name: TRAFFIC.projector,
  handles: ['PageViewed'],
  apply({ events, tx, key }) {
    const days = new Map<string, DayCounts>();
    // "Visitors now": a sketch per minute of the view (UTC), read over the last few minutes.
    const minutes = new Map<string, Set<string>>();
    for (const { event, stream, metadata } of events) {
      if (!event) continue;
      // PageViewed is the only type handled: no switch to narrow.
      const day = pageViewsDay(stream);
      if (!day) continue;
      let counts = days.get(day);
      if (!counts) {
        counts = {
          views: 0,
          visitors: new Set(),
          breakdowns: { sources: new Map(), devices: new Map(), countries: new Map() },
          titles: new Map(),
        };
        days.set(day, counts);
      }
      const { source, device, country, visitor, title } = event.data;
      counts.views++;
      counts.visitors.add(visitor);
      const minute = minuteOf(Date.parse(metadata.occurredAt));
      let recent = minutes.get(minute);
      if (!recent) minutes.set(minute, (recent = new Set()));
      recent.add(visitor);
      add(counts.breakdowns.sources, source);
      add(counts.breakdowns.devices, device);
      add(counts.breakdowns.countries, country);
      if (title) {
        const member = `${title.type}:${title.id}`;
        const seen = counts.titles.get(member);
        if (seen) seen.views++;
        else counts.titles.set(member, { ...title, views: 1 });
      }
    }
    let total = 0;
    const titleViews = new Map<string, { type: TitleType; id: string; views: number }>();
    for (const [day, counts] of days) {
      total += counts.views;
      tx.hincrby(key(...TRAFFIC.day(day)), 'views', counts.views);
      tx.pfadd(key(...TRAFFIC.visitors(day)), ...counts.visitors);
      for (const [by, members] of Object.entries(counts.breakdowns)) {
        for (const [member, n] of members) {
          tx.zincrby(key(...TRAFFIC.breakdown(day, by as TrafficBreakdown)), n, member);
        }
      }
      for (const [member, title] of counts.titles) {
        tx.zincrby(key(...TRAFFIC.dayTitles(day)), title.views, member);
        const all = titleViews.get(member);
        if (all) all.views += title.views;
        else titleViews.set(member, { ...title });
      }
    }
    for (const { type, id, views } of titleViews.values())
      tx.zincrby(key(...TRAFFIC.titles(type)), views, id);
    if (total > 0) tx.incrby(key(TRAFFIC.views), total);
    for (const [minute, visitors] of minutes) {
      const sketch = key(...TRAFFIC.minuteVisitors(minute));
      tx.pfadd(sketch, ...visitors);
      // Absolute, so an old minute replayed expires at once and a rebuild keeps no more than the live one.
      tx.pexpireat(sketch, minuteVisitorsExpireAt(minute, VISITORS_NOW_MINUTES));
    }
  },
});
