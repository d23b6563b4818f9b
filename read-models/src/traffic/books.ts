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
  TITLE_TYPES,
  type TitleType,
  VISITORS_NOW_MINUTES,
} from '@cinefold/contracts';
import type { Redis } from 'ioredis';
import type { ProjectedEvent, Supersession } from '../runtime/projector.js';
import { addScored, type Transaction } from '../runtime/transaction.js';
import type { TrafficBreakdown } from './keys.js';

export type DayTotals = Extract<CinefoldEvent, { type: 'TrafficDayClosed' }>['data'];

/** Counts of one open day, gathered over a batch so each key gets one command, not one per view. */
export interface DayCounts {
  views: number;
  readonly visitors: Set<string>;
  readonly breakdowns: Record<TrafficBreakdown, Map<string, number>>;
  readonly titles: TitleTally;
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
  /** Change of all-time views per title; may be negative (a closing gave back). */
  readonly titles: TitleTally;
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

/** Pages of a tally's counts: ids 4,096 apart share none. */
const PAGE_BITS = 12;
const PAGE = 1 << PAGE_BITS;

/** Ids counted in pages are below this. */
const PAGED_BELOW = 2 ** 31;

/**
 * An id written as a whole number below 2^31 ("7", not "07", "7.0" or "-7"), or -1; a number (as
 * a tally hands its ids on) if it is such a whole number.
 */
function wholeId(id: number | string): number {
  if (typeof id === 'number') return Number.isInteger(id) && id >= 0 && id < PAGED_BELOW ? id : -1;
  const { length } = id;
  if (length === 0 || length > 10 || (length > 1 && id.charCodeAt(0) === 48)) return -1;
  let value = 0;
  for (let i = 0; i < length; i++) {
    const digit = id.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value < PAGED_BELOW ? value : -1;
}

/**
 * Views per title, counted by type and id. A replay's 29 closings name about 4.4M titles: a
 * `{type}:{id}` string made and hashed for each, in a map of a million, was most of the
 * catalogue's time on them. Ids written as whole numbers (every title of the catalogue below
 * 2^31) are counted in pages of 4,096 in a flat array, made as a page is first counted in; any
 * other id (a view may name one) in a map.
 */
export class TitleTally {
  private readonly pages: Record<TitleType, (Float64Array | undefined)[]> = { movie: [], tv: [] };
  private readonly others: Record<TitleType, Map<string, number>> = { movie: new Map(), tv: new Map() };

  add(type: TitleType, id: number | string, n = 1): void {
    const whole = wholeId(id);
    if (whole < 0) {
      const others = this.others[type];
      const other = String(id);
      others.set(other, (others.get(other) ?? 0) + n);
      return;
    }
    const pages = this.pages[type];
    const page = (pages[whole >>> PAGE_BITS] ??= new Float64Array(PAGE));
    page[whole & (PAGE - 1)]! += n;
  }

  /** The count of a title; 0 when never counted. */
  get(type: TitleType, id: number | string): number {
    const whole = wholeId(id);
    if (whole < 0) return this.others[type].get(String(id)) ?? 0;
    return this.pages[type][whole >>> PAGE_BITS]?.[whole & (PAGE - 1)] ?? 0;
  }

  /**
   * Each title whose count is not 0, by type: ids written as whole numbers first, as numbers in
   * ascending order, then the others as first counted.
   */
  forEach(each: (type: TitleType, id: number | string, n: number) => void): void {
    for (const type of TITLE_TYPES) {
      this.pages[type].forEach((page, index) => {
        if (!page) return;
        const first = index * PAGE;
        for (let i = 0; i < PAGE; i++) if (page[i] !== 0) each(type, first + i, page[i]!);
      });
      for (const [id, n] of this.others[type]) if (n !== 0) each(type, id, n);
    }
  }
}

/** Adds a day's views per title to the sorted set at `key`, as `{type}:{id}` members (`titleOf`). */
export function addDayTitles(tx: Transaction, key: string, titles: TitleTally): void {
  titles.forEach((type, id, n) => tx.zincrby(key, n, `${type}:${id}`));
}

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
  const titles = new TitleTally();
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
          titles: new TitleTally(),
        };
        open.set(day, counts);
      }
      const { source, device, country, visitor, title } = event.data;
      counts.views++;
      counts.visitors.add(visitor);
      add(counts.breakdowns.sources, source);
      add(counts.breakdowns.devices, device);
      add(counts.breakdowns.countries, country);
      if (title) counts.titles.add(title.type, title.id);
    } else {
      const totals = event.data;
      if (closed.has(totals.day)) continue; // closed once; a repeat changes nothing
      closed.add(totals.day);
      // All-time figures give back what the day held before the batch; this batch's views of
      // the day, not written yet, are dropped.
      const held = stored.get(totals.day);
      open.delete(totals.day);
      views += totals.views - (held?.views ?? 0);
      for (const [member, n] of held?.titles ?? []) {
        const { type, id } = titleOf(member);
        titles.add(type, id, -n);
      }
      for (const { type, id, views: n } of totals.titles) titles.add(type, id, n);
      closings.push(totals);
    }
  }
  for (const counts of open.values()) {
    views += counts.views;
    counts.titles.forEach((type, id, n) => titles.add(type, id, n));
  }
  return { open, closings, titles, views };
}

/**
 * Moves the views per title over all days (a sorted set a type, id → views, at `keys[type]`) by a
 * batch's `titles`. Each figure is read first (one ZMSCORE a type), then set in a few ZADDs, not a
 * ZINCRBY a title: 29 closings name about a million titles. The runner applies a projector's
 * batches one after the other, so each reads what the one before wrote. A figure brought to
 * nothing is removed rather than left at 0: the day rebuilt from its closing alone never had it.
 * `alsoRead` are titles whose figure the caller needs though the batch leaves it; `each` is given
 * every title read, with its views after the batch and the batch's change.
 */
export async function writeTitleViews(
  redis: Redis,
  tx: Transaction,
  keys: Readonly<Record<TitleType, string>>,
  titles: TitleTally,
  alsoRead?: Readonly<Record<TitleType, Iterable<number>>>,
  each?: (type: TitleType, id: number | string, views: number, change: number) => void,
): Promise<void> {
  const ids: Record<TitleType, (number | string)[]> = { movie: [], tv: [] };
  const changes: Record<TitleType, number[]> = { movie: [], tv: [] };
  titles.forEach((type, id, n) => {
    ids[type].push(id);
    changes[type].push(n);
  });
  for (const type of TITLE_TYPES)
    for (const id of alsoRead?.[type] ?? [])
      if (titles.get(type, id) === 0) {
        ids[type].push(id);
        changes[type].push(0);
      }
  const read = TITLE_TYPES.filter((type) => ids[type].length > 0);
  if (read.length === 0) return;
  const pipeline = redis.pipeline();
  // One array, not spread: a closing may name more titles than a call takes arguments.
  for (const type of read) pipeline.zmscore(keys[type], ids[type]);
  const replies = (await pipeline.exec()) ?? [];
  for (const [error] of replies) if (error) throw error;
  read.forEach((type, reply) => {
    const current = replies[reply]![1] as (string | null)[];
    const scored: (number | string)[] = [];
    ids[type].forEach((id, i) => {
      const n = changes[type][i]!;
      const views = Number(current[i] ?? 0) + n;
      if (n !== 0) {
        if (views <= 0) tx.zrem(keys[type], id);
        else scored.push(views, id);
      }
      each?.(type, id, views, n);
    });
    addScored(tx, keys[type], scored);
  });
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
