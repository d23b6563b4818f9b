/**
 * The books of traffic as every read model of views keeps them (the traffic read model, the
 * catalogue's views order): a batch's page views and day closings folded into per-day counts,
 * closings and changes to the all-time views per title.
 *
 * A day's `TrafficDayClosed` replaces what the day held by its totals, and views of a closed day
 * that come later are ignored; all-time figures move by the difference. So a read model is the
 * same whether it saw all of a day's views before its closing, some of them, or none (deleted
 * after the retention): the replay of a log whose old views are gone gives what was served.
 */
import {
  type CinefoldEvent,
  closedDayOf,
  pageViewsDay,
  streams,
  type TitleType,
  VISITORS_NOW_MINUTES,
} from '@cinefold/contracts';
import type { ProjectedEvent, Supersession } from '../runtime/projector.js';
import type { TrafficBreakdown } from './keys.js';

export type DayTotals = Extract<CinefoldEvent, { type: 'TrafficDayClosed' }>['data'];

/** Counts of one open day, gathered over a batch so each key gets one command, not one per view. */
export interface DayCounts {
  views: number;
  readonly visitors: Set<string>;
  readonly breakdowns: Record<TrafficBreakdown, Map<string, number>>;
  /** `{type}:{id}` → views. */
  readonly titles: Map<string, number>;
}

/** What a read model held of a day before the batch: whether it is closed, and its counts. */
export interface StoredDay {
  readonly closed: boolean;
  readonly views: number;
  /** `{type}:{id}` → views; needed only for the days the batch closes. */
  readonly titles: ReadonlyMap<string, number>;
}

export interface BooksOfBatch {
  /** Views of days still open, by day. */
  readonly open: ReadonlyMap<string, DayCounts>;
  /** Days closed by this batch, in order, with their totals. */
  readonly closings: readonly DayTotals[];
  /** Change of all-time views per title (`{type}:{id}`); may be negative (a closing gave back). */
  readonly titles: ReadonlyMap<string, number>;
  /** Change of all views. */
  readonly views: number;
}

export const add = (counts: Map<string, number>, member: string, n = 1) =>
  counts.set(member, (counts.get(member) ?? 0) + n);

/** `{type}:{id}` → type and id. */
export const titleOf = (member: string) => {
  const colon = member.indexOf(':');
  return { type: member.slice(0, colon) as TitleType, id: member.slice(colon + 1) };
};

type TrafficEvent = ProjectedEvent<'PageViewed' | 'TrafficDayClosed'>;
const isTraffic = (e: ProjectedEvent): e is TrafficEvent =>
  e.event?.type === 'PageViewed' || e.event?.type === 'TrafficDayClosed';

/** The day an event of traffic is about, or null (an event of another kind, a stream of no day). */
function dayOf(e: ProjectedEvent): string | null {
  if (e.event?.type === 'TrafficDayClosed') return e.event.data.day;
  if (e.event?.type === 'PageViewed') return pageViewsDay(e.stream);
  return null;
}

/** The days a batch's events of traffic touch, and those it closes: what to read before tallying. */
export function daysOf(events: readonly ProjectedEvent[]): { touched: Set<string>; closing: Set<string> } {
  const touched = new Set<string>();
  const closing = new Set<string>();
  for (const e of events) {
    const day = dayOf(e);
    if (!day) continue;
    touched.add(day);
    if (e.event?.type === 'TrafficDayClosed') closing.add(day);
  }
  return { touched, closing };
}

/** Folds a batch's events of traffic (others are skipped) over what the read model held. */
export function tallyBooks(
  events: readonly ProjectedEvent[],
  stored: ReadonlyMap<string, StoredDay>,
): BooksOfBatch {
  const open = new Map<string, DayCounts>();
  const closed = new Set([...stored].filter(([, day]) => day.closed).map(([day]) => day));
  const closings: DayTotals[] = [];
  const titles = new Map<string, number>();
  let views = 0;
  for (const e of events) {
    if (!isTraffic(e) || !e.event) continue;
    const event = e.event;
    if (event.type === 'PageViewed') {
      const day = pageViewsDay(e.stream);
      if (!day || closed.has(day)) continue;
      let counts = open.get(day);
      if (!counts) {
        counts = {
          views: 0,
          visitors: new Set(),
          breakdowns: { sources: new Map(), devices: new Map(), countries: new Map() },
          titles: new Map(),
        };
        open.set(day, counts);
      }
      const { source, device, country, visitor, title } = event.data;
      counts.views++;
      counts.visitors.add(visitor);
      add(counts.breakdowns.sources, source);
      add(counts.breakdowns.devices, device);
      add(counts.breakdowns.countries, country);
      if (title) add(counts.titles, `${title.type}:${title.id}`);
    } else {
      const totals = event.data;
      if (closed.has(totals.day)) continue; // closed once; a repeat changes nothing
      closed.add(totals.day);
      // All-time figures give back what the day held before the batch; this batch's views of
      // the day, not written yet, are dropped.
      const held = stored.get(totals.day);
      open.delete(totals.day);
      views += totals.views - (held?.views ?? 0);
      for (const [member, n] of held?.titles ?? []) add(titles, member, -n);
      for (const { type, id, views: n } of totals.titles) add(titles, `${type}:${id}`, n);
      closings.push(totals);
    }
  }
  for (const counts of open.values()) {
    views += counts.views;
    for (const [member, n] of counts.titles) add(titles, member, n);
  }
  return { open, closings, titles, views };
}

/**
 * A day's closing stands for the day's page views (see `ProjectorDefinition.supersedes`): a read
 * model of traffic built without them is the one built with them, as `tallyBooks` replaces a
 * closed day by its totals. The day is the one its stream names (the workers append a day's
 * totals to that day's stream, `streams.trafficDayClosed`), so the totals need not be decoded.
 * Not in the first `VISITORS_NOW_MINUTES` minutes after it was recorded: a view counts among
 * "visitors now" (a sketch per minute of its recording) for that long, so the day's last views,
 * recorded before the closing, may still count.
 */
export const closingsStandForViews: Supersession<'TrafficDayClosed'> = {
  by: 'TrafficDayClosed',
  streams: ({ stream, occurredAt }, now) => {
    const day = closedDayOf(stream);
    return day && now.getTime() - Date.parse(occurredAt) >= VISITORS_NOW_MINUTES * 60_000
      ? [streams.pageViews(day)]
      : [];
  },
};
