/**
 * Closing the books of traffic. Once a day has ended (and a grace period, for views still in
 * flight at midnight), its totals are recorded as `TrafficDayClosed`, computed from the day's page
 * views; after the retention the day's raw stream is deleted. The read models rebuild a closed
 * day from its closing alone, so a replay after the deletion gives what was served before it.
 *
 * Run by a BullMQ job scheduler every few minutes, on any number of workers: a day's closing is
 * appended to a stream of its own with `no_stream` expected, so it is written once whoever races,
 * and each run starts from what the log says (days missed while the site was down are closed on
 * the next run, oldest first).
 */
import { type CinefoldEvent, noViewsOn, streams } from '@cinefold/contracts';
import {
  daysAfter,
  decodeEvent,
  type EventLog,
  siteDay,
  systemContext,
  WrongExpectedVersionError,
} from '@cinefold/platform';

type DayTotals = Extract<CinefoldEvent, { type: 'TrafficDayClosed' }>['data'];

/** Views appended this long after midnight still count for the day before (a request in flight). */
export const CLOSING_GRACE_MS = 5 * 60_000;
/** Page views read at a time: a big day is never held in memory whole. */
const PAGE = 5000;

export interface TrafficBooksOptions {
  readonly log: EventLog;
  /** SITE_TIME_ZONE. */
  readonly timeZone: string;
  /** ANALYTICS_RETENTION_DAYS: days before today whose raw views are kept. */
  readonly retentionDays: number;
  readonly now?: Date;
}

export interface TrafficBooksResult {
  /** Days this run closed (another worker may have closed some of them first: not listed). */
  readonly closed: string[];
  /** Days whose page views this run deleted. */
  readonly deleted: string[];
}

export async function closeTrafficBooks(options: TrafficBooksOptions): Promise<TrafficBooksResult> {
  const closed = await closeEndedDays(options);
  const deleted = await deleteExpiredDays(options);
  return { closed, deleted };
}

/** The first day anything happened on the site: no day before it has views to close. */
async function firstDay(log: EventLog, timeZone: string): Promise<string | null> {
  const [first] = await log.store.readAll({ maxCount: 1 });
  return first ? siteDay(timeZone, new Date(first.metadata.occurredAt)) : null;
}

const isClosed = async (log: EventLog, day: string) =>
  (await log.store.readStreamBackwards(streams.trafficDayClosed(day), { maxCount: 1 })).length > 0;

/**
 * Closes every ended day not closed yet: walks back from yesterday to the last closed day (or the
 * site's first), then closes forward. Quiet days are closed too (with zeros), so the walk stops
 * at the last run's work however long the site was down.
 */
async function closeEndedDays({ log, timeZone, now = new Date() }: TrafficBooksOptions): Promise<string[]> {
  const lastEnded = daysAfter(siteDay(timeZone, new Date(now.getTime() - CLOSING_GRACE_MS)), -1);
  const first = await firstDay(log, timeZone);
  if (first === null) return [];
  const open: string[] = [];
  for (let day = lastEnded; day >= first && !(await isClosed(log, day)); day = daysAfter(day, -1))
    open.unshift(day);
  const closed: string[] = [];
  for (const day of open) {
    const totals = await totalsOf(log, day);
    try {
      await log.append(streams.trafficDayClosed(day), [{ type: 'TrafficDayClosed', data: totals }], {
        expectedRevision: 'no_stream',
        context: { ...systemContext(now), actor: 'traffic-books' },
      });
      closed.push(day);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      // Another worker closed it first, from the same views.
    }
  }
  return closed;
}

/**
 * The day's totals from its page views, newest first a page at a time. Visitors are counted
 * exactly (distinct hashes): the closing is written once and read for good, and a day's set of
 * 22-character hashes is small next to its views.
 */
export async function totalsOf(log: EventLog, day: string): Promise<DayTotals> {
  const stream = streams.pageViews(day);
  const totals: DayTotals = noViewsOn(day);
  const visitors = new Set<string>();
  const titles = new Map<string, { type: 'movie' | 'tv'; id: string; views: number }>();
  const count = (counts: Record<string, number>, name: string) => {
    counts[name] = (counts[name] ?? 0) + 1;
  };
  let from: bigint | undefined;
  for (;;) {
    const page = await log.store.readStreamBackwards(stream, {
      ...(from === undefined ? {} : { from }),
      maxCount: PAGE,
    });
    if (page.length === 0) break;
    if (from === undefined) totals.throughRevision = Number(page[0]!.revision);
    for (const recorded of page) {
      const event = decodeEvent(recorded).event;
      if (event?.type !== 'PageViewed') continue;
      const { source, device, country, visitor, title } = event.data;
      totals.views++;
      visitors.add(visitor);
      count(totals.sources, source);
      count(totals.devices, device);
      count(totals.countries, country);
      if (title) {
        const member = `${title.type}:${title.id}`;
        const seen = titles.get(member);
        if (seen) seen.views++;
        else titles.set(member, { ...title, views: 1 });
      }
    }
    const last = page.at(-1)!.revision;
    if (last === 0n) break;
    from = last - 1n;
  }
  totals.visitors = visitors.size;
  // A stable order, so two workers closing the same views write the same event.
  totals.titles = [...titles.values()].sort(
    (a, b) => b.views - a.views || (a.type + a.id).localeCompare(b.type + b.id),
  );
  return totals;
}

/**
 * Deletes the page views of closed days older than the retention, oldest first. Walks back from
 * the newest expired day to the last day deleted: a day that had views (by its closing) and has
 * none left. Deletions go oldest first, so every day before that one is deleted already.
 */
async function deleteExpiredDays({
  log,
  timeZone,
  retentionDays,
  now = new Date(),
}: TrafficBooksOptions): Promise<string[]> {
  const newestExpired = daysAfter(siteDay(timeZone, now), -retentionDays - 1);
  const first = await firstDay(log, timeZone);
  if (first === null) return [];
  const expired: string[] = [];
  for (let day = newestExpired; day >= first; day = daysAfter(day, -1)) {
    const [closing] = await log.readStream(streams.trafficDayClosed(day));
    if (closing?.event?.type !== 'TrafficDayClosed') break; // never delete a day not closed
    const left = await log.store.readStreamBackwards(streams.pageViews(day), { maxCount: 1 });
    if (left.length === 0 && closing.event.data.views > 0) break; // deleted by an earlier run
    if (left.length > 0) expired.unshift(day);
  }
  for (const day of expired) await log.store.deleteStream(streams.pageViews(day));
  return expired;
}
