import { type CinefoldEvent, pageViewsDay, type TitleType } from '@cinefold/contracts';
import { TRAFFIC, TRAFFIC_BREAKDOWNS, type TrafficBreakdown } from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { defineProjector, unhandled } from '../runtime/projector.js';
import type { Transaction } from '../runtime/transaction.js';

/** Counts of one day, gathered over a batch so each key gets one command, not one per view. */
interface DayCounts {
  views: number;
  readonly visitors: Set<string>;
  readonly breakdowns: Record<TrafficBreakdown, Map<string, number>>;
  /** `{type}:{id}` → views. */
  readonly titles: Map<string, number>;
}

type DayTotals = Extract<CinefoldEvent, { type: 'TrafficDayClosed' }>['data'];

/** What the read model held of a day before the batch: whether it is closed, and its counts. */
interface StoredDay {
  readonly closed: boolean;
  readonly views: number;
  /** `{type}:{id}` → views; read only for the days the batch closes. */
  readonly titles: Map<string, number>;
}

const add = (counts: Map<string, number>, member: string, n = 1) =>
  counts.set(member, (counts.get(member) ?? 0) + n);

const newDayCounts = (): DayCounts => ({
  views: 0,
  visitors: new Set(),
  breakdowns: { sources: new Map(), devices: new Map(), countries: new Map() },
  titles: new Map(),
});

/** `{type}:{id}` → type and id. */
const titleOf = (member: string) => {
  const colon = member.indexOf(':');
  return { type: member.slice(0, colon) as TitleType, id: member.slice(colon + 1) };
};

/**
 * The traffic read model: per day (the day of the view's stream, in the site's time zone) its
 * views, unique visitors, sources, devices, countries and views per title, plus views per title
 * over all days. Unique visitors of an open day are a HyperLogLog: 12 KB at most whatever the
 * traffic, within 0.81% of the exact count, and adding a visitor twice changes nothing. Counts
 * rely on the runner applying each event once (its checkpoint moves in the same transaction).
 *
 * Closing the books: a day's `TrafficDayClosed` sets the day's figures to its totals (views and
 * the exact number of visitors in the day's hash, the sketch deleted, the sorted sets replaced)
 * and marks the day closed; page views of a closed day that come later are ignored, and the
 * all-time figures move by the difference between the totals and what the day held. So the read
 * model is the same whether the day's views were all seen, some of them (EventStoreDB drops a
 * deleted stream's events at its next scavenge) or none (deleted after the retention): replayed
 * from the first event, it is the model that was served.
 */
export const trafficProjector = defineProjector({
  name: TRAFFIC.projector,
  handles: ['PageViewed', 'TrafficDayClosed'],
  async apply({ events, tx, key, redis }) {
    const closing = new Set<string>();
    const touched = new Set<string>();
    for (const { event, stream } of events) {
      if (!event) continue;
      const day = event.type === 'TrafficDayClosed' ? event.data.day : pageViewsDay(stream);
      if (!day) continue;
      touched.add(day);
      if (event.type === 'TrafficDayClosed') closing.add(day);
    }
    const stored = await readDays(redis, key, touched, closing);

    const open = new Map<string, DayCounts>();
    const closed = new Set([...stored].filter(([, day]) => day.closed).map(([day]) => day));
    const closings: { day: string; totals: DayTotals }[] = [];
    /** All-time views per title (`{type}:{id}`) and in all, as they change over the batch. */
    const allTime = new Map<string, number>();
    let allViews = 0;

    for (const { event, stream } of events) {
      if (!event) continue;
      switch (event.type) {
        case 'PageViewed': {
          const day = pageViewsDay(stream);
          if (!day || closed.has(day)) continue;
          let counts = open.get(day);
          if (!counts) open.set(day, (counts = newDayCounts()));
          const { source, device, country, visitor, title } = event.data;
          counts.views++;
          counts.visitors.add(visitor);
          add(counts.breakdowns.sources, source);
          add(counts.breakdowns.devices, device);
          add(counts.breakdowns.countries, country);
          if (title) add(counts.titles, `${title.type}:${title.id}`);
          break;
        }
        case 'TrafficDayClosed': {
          const totals = event.data;
          if (closed.has(totals.day)) continue; // closed once; a repeat changes nothing
          closed.add(totals.day);
          // The all-time figures give back what the day held before the batch; this batch's
          // views of the day, not written yet, are dropped.
          const held = stored.get(totals.day);
          open.delete(totals.day);
          allViews += totals.views - (held?.views ?? 0);
          for (const [member, n] of held?.titles ?? []) add(allTime, member, -n);
          for (const { type, id, views } of totals.titles) add(allTime, `${type}:${id}`, views);
          closings.push({ day: totals.day, totals });
          break;
        }
        default:
          unhandled(event);
      }
    }

    for (const [day, counts] of open) {
      allViews += counts.views;
      tx.hincrby(key(...TRAFFIC.day(day)), 'views', counts.views);
      tx.pfadd(key(...TRAFFIC.visitors(day)), ...counts.visitors);
      for (const by of TRAFFIC_BREAKDOWNS) {
        for (const [member, n] of counts.breakdowns[by]) {
          tx.zincrby(key(...TRAFFIC.breakdown(day, by)), n, member);
        }
      }
      for (const [member, n] of counts.titles) {
        tx.zincrby(key(...TRAFFIC.dayTitles(day)), n, member);
        add(allTime, member, n);
      }
    }

    for (const { day, totals } of closings) {
      tx.del(
        key(...TRAFFIC.day(day)),
        key(...TRAFFIC.visitors(day)),
        ...TRAFFIC_BREAKDOWNS.map((by) => key(...TRAFFIC.breakdown(day, by))),
        key(...TRAFFIC.dayTitles(day)),
      );
      tx.hset(key(...TRAFFIC.day(day)), {
        views: totals.views,
        visitors: totals.visitors,
        closed: 1,
      });
      for (const by of TRAFFIC_BREAKDOWNS) {
        const members = Object.entries(totals[by]).filter(([, n]) => n > 0);
        if (members.length > 0) tx.zadd(key(...TRAFFIC.breakdown(day, by)), ...scored(members));
      }
      const titles = totals.titles.map(({ type, id, views }) => [`${type}:${id}`, views] as const);
      if (titles.length > 0) tx.zadd(key(...TRAFFIC.dayTitles(day)), ...scored(titles));
    }

    await writeAllTime(redis, tx, key, allTime, allViews);
  },
});

/**
 * Views per title over all days, and in all. A closing can take views back (those counted after
 * the closer read the day), and a figure brought to nothing is removed rather than left at 0: the
 * day rebuilt from its totals alone never had it. Only then is the current figure read.
 */
async function writeAllTime(
  redis: Redis,
  tx: Transaction,
  key: (...parts: string[]) => string,
  titles: ReadonlyMap<string, number>,
  views: number,
): Promise<void> {
  const takenBack = [...titles].filter(([, n]) => n < 0).map(([member]) => titleOf(member));
  const pipeline = redis.pipeline();
  for (const { type, id } of takenBack) pipeline.zscore(key(...TRAFFIC.titles(type)), id);
  if (views < 0) pipeline.get(key(TRAFFIC.views));
  const replies = takenBack.length > 0 || views < 0 ? ((await pipeline.exec()) ?? []) : [];
  for (const [error] of replies) if (error) throw error;
  let i = 0;
  for (const [member, n] of titles) {
    if (n === 0) continue;
    const { type, id } = titleOf(member);
    if (n < 0 && Number(replies[i++]![1] ?? 0) + n <= 0) tx.zrem(key(...TRAFFIC.titles(type)), id);
    else tx.zincrby(key(...TRAFFIC.titles(type)), n, id);
  }
  if (views < 0 && Number(replies[i]![1] ?? 0) + views <= 0) tx.del(key(TRAFFIC.views));
  else if (views !== 0) tx.incrby(key(TRAFFIC.views), views);
}

/** `ZADD` arguments: score, member, … */
const scored = (members: readonly (readonly [string, number])[]) =>
  members.flatMap(([member, n]) => [n, member]);

/**
 * Whether each day the batch touches is closed, in one pipeline; for the days it closes, also
 * their views and views per title, which the all-time figures must give back.
 */
async function readDays(
  redis: Redis,
  key: (...parts: string[]) => string,
  touched: ReadonlySet<string>,
  closing: ReadonlySet<string>,
): Promise<Map<string, StoredDay>> {
  const days = [...touched];
  if (days.length === 0) return new Map();
  const pipeline = redis.pipeline();
  for (const day of days) {
    pipeline.hmget(key(...TRAFFIC.day(day)), 'closed', 'views');
    if (closing.has(day)) pipeline.zrange(key(...TRAFFIC.dayTitles(day)), 0, -1, 'WITHSCORES');
  }
  const replies = (await pipeline.exec()) ?? [];
  for (const [error] of replies) if (error) throw error;
  const stored = new Map<string, StoredDay>();
  let i = 0;
  for (const day of days) {
    const [closed, views] = replies[i++]![1] as (string | null)[];
    const titles = new Map<string, number>();
    if (closing.has(day)) {
      const flat = replies[i++]![1] as string[];
      for (let j = 0; j < flat.length; j += 2) titles.set(flat[j]!, Number(flat[j + 1]));
    }
    stored.set(day, { closed: closed === '1', views: Number(views ?? 0), titles });
  }
  return stored;
}
