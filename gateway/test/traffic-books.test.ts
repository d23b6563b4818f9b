/**
 * Closing the books of traffic, on the real parts: the embedded event store on disk, the traffic
 * projector on a private Redis, the closing job of the workers through BullMQ.
 */
import { join } from 'node:path';
import { streams } from '@cinefold/contracts';
import {
  createEventLog,
  createLogger,
  daysAfter,
  type EventLog,
  hasPassed,
  readProjectionStatus,
  type EventStore,
  type RecordedEvent,
  openSqliteEventStore,
  systemContext,
} from '@cinefold/platform';
import { makeTempDir, useRedisServer } from '@cinefold/platform/testing';
import {
  LiveProjectionRunner,
  rebuildProjection,
  supersededStreams,
  verifyProjection,
} from '@cinefold/projectors';
import { createCatalogueProjector, trafficProjector, readTrafficSummary } from '@cinefold/read-models';
import { closeTrafficBooks, startWorkersService } from '@cinefold/workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const redisServer = useRedisServer();
const RETENTION = 400;
const TODAY = '2026-11-24';
/** Noon of `TODAY`, UTC: the site's time zone in these tests. */
const NOW = new Date(`${TODAY}T12:00:00Z`);
const dayBefore = (n: number) => daysAfter(TODAY, -n);

let dir: ReturnType<typeof makeTempDir>;
let store: EventStore;
let log: EventLog;

beforeEach(() => {
  dir = makeTempDir('traffic-books');
  store = openSqliteEventStore(join(dir.path, 'events.sqlite'), { pollIntervalMs: 5 });
  log = createEventLog(store);
});
afterEach(async () => {
  await store.close();
  dir.remove();
});

/** `n` views of `day`, appended at noon that day, of titles and visitors that vary with `n`. */
async function viewsOf(day: string, n: number): Promise<void> {
  await log.append(
    streams.pageViews(day),
    Array.from({ length: n }, (_, i) => ({
      type: 'PageViewed' as const,
      data: {
        path: `/movie/${i % 3}`,
        title: i % 4 === 3 ? null : { type: i % 2 ? ('tv' as const) : ('movie' as const), id: String(i % 3) },
        source: i % 2 ? 'Google' : 'Direct',
        device: i % 3 ? 'desktop' : 'mobile',
        country: i % 5 ? 'FR' : 'US',
        visitor: `visitor-${i % 7}`,
      },
    })),
    { expectedRevision: 'any', context: systemContext(new Date(`${day}T12:00:00Z`)) },
  );
}

const closingsOf = async (day: string) => log.readStream(streams.trafficDayClosed(day));

describe('the books of traffic', () => {
  it('close each ended day once, from its page views, however many workers run at once', async () => {
    await viewsOf(dayBefore(3), 20);
    await viewsOf(dayBefore(1), 10);
    await viewsOf(TODAY, 5);

    const runs = await Promise.all(
      [1, 2, 3].map(() => closeTrafficBooks({ log, timeZone: 'UTC', retentionDays: RETENTION, now: NOW })),
    );

    expect(runs.flatMap((run) => run.closed).sort()).toEqual([dayBefore(3), dayBefore(2), dayBefore(1)]);
    for (const day of [dayBefore(3), dayBefore(2), dayBefore(1)])
      expect(await closingsOf(day)).toHaveLength(1);
    expect(await closingsOf(TODAY)).toEqual([]);
    const [closing] = await closingsOf(dayBefore(3));
    expect(closing!.event).toEqual({
      type: 'TrafficDayClosed',
      data: {
        day: dayBefore(3),
        views: 20,
        visitors: 7,
        sources: { Google: 10, Direct: 10 },
        devices: { mobile: 7, desktop: 13 },
        countries: { US: 4, FR: 16 },
        titles: [
          { type: 'movie', id: '0', views: 4 },
          { type: 'movie', id: '1', views: 3 },
          { type: 'movie', id: '2', views: 3 },
          { type: 'tv', id: '1', views: 2 },
          { type: 'tv', id: '2', views: 2 },
          { type: 'tv', id: '0', views: 1 },
        ],
        throughRevision: 19,
      },
    });
    expect((await closingsOf(dayBefore(2)))[0]!.event).toMatchObject({ data: { views: 0, visitors: 0 } });
  });

  it('close the days missed while the site was down, and nothing twice', async () => {
    await viewsOf(dayBefore(10), 3);
    await closeTrafficBooks({
      log,
      timeZone: 'UTC',
      retentionDays: RETENTION,
      now: new Date(`${dayBefore(8)}T12:00:00Z`),
    });
    await viewsOf(dayBefore(4), 2);

    const { closed } = await closeTrafficBooks({ log, timeZone: 'UTC', retentionDays: RETENTION, now: NOW });

    expect(closed).toEqual([8, 7, 6, 5, 4, 3, 2, 1].map(dayBefore));
    expect((await closingsOf(dayBefore(4)))[0]!.event).toMatchObject({ data: { views: 2 } });
    expect(await closeTrafficBooks({ log, timeZone: 'UTC', retentionDays: RETENTION, now: NOW })).toEqual({
      closed: [],
      deleted: [],
    });
  });

  it('wait a few minutes past midnight for views still on their way before closing a day', async () => {
    await viewsOf(dayBefore(1), 2);
    const justAfterMidnight = new Date(`${TODAY}T00:01:00Z`);
    expect(
      (await closeTrafficBooks({ log, timeZone: 'UTC', retentionDays: RETENTION, now: justAfterMidnight }))
        .closed,
    ).toEqual([]);
    const later = new Date(`${TODAY}T00:06:00Z`);
    expect(
      (await closeTrafficBooks({ log, timeZone: 'UTC', retentionDays: RETENTION, now: later })).closed,
    ).toEqual([dayBefore(1)]);
  });

  it('delete the page views of days past the retention, and a replay from the first event gives the read model that was served', async () => {
    const redis = redisServer.client();
    const expired = [dayBefore(RETENTION + 3), dayBefore(RETENTION + 1)];
    for (const day of expired) await viewsOf(day, 12);
    await viewsOf(dayBefore(RETENTION), 6);
    await viewsOf(dayBefore(2), 9);
    await viewsOf(TODAY, 4);
    // Served: the projector saw every page view, then the closings.
    const served = await rebuildProjection(trafficProjector, { store, redis });
    const before = await readTrafficSummary(redis, 'UTC', 90, NOW);

    const { deleted } = await closeTrafficBooks({ log, timeZone: 'UTC', retentionDays: RETENTION, now: NOW });
    await rebuildProjection(trafficProjector, { store, redis, generation: served.generation });

    expect(deleted).toEqual(expired);
    for (const day of expired) expect(await log.readStream(streams.pageViews(day))).toEqual([]);
    expect(await log.readStream(streams.pageViews(dayBefore(RETENTION)))).toHaveLength(6);
    const all = await store.readAll({ maxCount: 10_000 });
    expect(all.filter((e) => expired.some((day) => e.stream === streams.pageViews(day)))).toEqual([]);
    // Replayed from the first event into a scratch generation, without the deleted views: equal.
    const verdict = await verifyProjection(trafficProjector, { store, redis, batchSize: 7 });
    expect(verdict.differing).toEqual([]);
    expect(verdict.verdict).toBe('equal');
    expect(verdict.keys).toBeGreaterThan(20);
    // What the dashboard reads is what it read before the books were closed.
    expect(await readTrafficSummary(redis, 'UTC', 90, NOW)).toEqual(before);
    // A later run has nothing left to delete.
    expect(
      (await closeTrafficBooks({ log, timeZone: 'UTC', retentionDays: RETENTION, now: NOW })).deleted,
    ).toEqual([]);
  });

  it("stand for the closed days' views in a build: a read model built from nothing leaves them unread, and is the one that read them", async () => {
    const redis = redisServer.client();
    const [traffic, catalogue] = [trafficProjector, createCatalogueProjector()];
    // The views each reader is handed, by stream.
    const read = new Map<string, number>();
    const count = <Events extends readonly RecordedEvent[]>(events: Events): Events => {
      for (const e of events) if (e.type === 'PageViewed') read.set(e.stream, (read.get(e.stream) ?? 0) + 1);
      return events;
    };
    const counting: EventStore = {
      ...store,
      readAll: async (options) => count(await store.readAll(options)),
      subscribeAll: (options, handler) =>
        store.subscribeAll(options, (events, p) => handler(count(events), p)),
    };
    const runUntilCaughtUp = async () => {
      const head = await store.headPosition();
      for (const projector of [traffic, catalogue]) {
        const runner = new LiveProjectionRunner(projector, {
          store: counting,
          redis,
          logger: createLogger('test'),
        });
        runner.start();
        await expect
          .poll(async () => hasPassed(await readProjectionStatus(redis, projector.name), head))
          .toBe(true);
        await runner.stop();
      }
    };

    // Served: built when one day had views, then fed as live generations are.
    await viewsOf(dayBefore(3), 10);
    for (const projector of [traffic, catalogue]) await rebuildProjection(projector, { store, redis });
    await viewsOf(dayBefore(1), 11);
    await viewsOf(TODAY, 12);
    await closeTrafficBooks({ log, timeZone: 'UTC', retentionDays: RETENTION, now: NOW });
    await runUntilCaughtUp();
    // A generation that serves reads every view, closed day or not.
    expect(Object.fromEntries(read)).toEqual({
      [streams.pageViews(dayBefore(1))]: 22,
      [streams.pageViews(TODAY)]: 24,
    });
    const summary = await readTrafficSummary(redis, 'UTC', 90, NOW);
    expect(summary.countries.reduce((n, { count }) => n + count, 0)).toBe(10 + 11 + 12);

    expect(await supersededStreams(traffic, store, await store.headPosition())).toEqual(
      [dayBefore(3), dayBefore(2), dayBefore(1)].map(streams.pageViews),
    );
    // Built from nothing by verify, the read models are the ones served, without the closed days' views.
    for (const projector of [traffic, catalogue]) {
      read.clear();
      const verdict = await verifyProjection(projector, { store: counting, redis, batchSize: 7 });
      expect(verdict.differing).toEqual([]);
      expect(verdict.verdict).toBe('equal');
      expect(Object.fromEntries(read)).toEqual({ [streams.pageViews(TODAY)]: 12 });
    }
    // And by the live runners, on a Redis that lost everything.
    await redis.flushdb();
    read.clear();
    await runUntilCaughtUp();
    expect(Object.fromEntries(read)).toEqual({ [streams.pageViews(TODAY)]: 24 });
    expect(await readTrafficSummary(redis, 'UTC', 90, NOW)).toEqual(summary);
    // And by a replay beside them.
    read.clear();
    for (const projector of [traffic, catalogue])
      await rebuildProjection(projector, { store: counting, redis });
    expect(Object.fromEntries(read)).toEqual({ [streams.pageViews(TODAY)]: 24 });
    expect(await readTrafficSummary(redis, 'UTC', 90, NOW)).toEqual(summary);
  });

  it('are all read in a build within minutes of a closing, while its day\'s last views may count among "visitors now"', async () => {
    await viewsOf(dayBefore(1), 3);
    const beforeClosing = await store.headPosition();
    await closeTrafficBooks({ log, timeZone: 'UTC', retentionDays: RETENTION, now: NOW });
    const head = await store.headPosition();
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    expect(await supersededStreams(trafficProjector, store, head, at(4))).toEqual([]);
    expect(await supersededStreams(trafficProjector, store, head, at(5))).toEqual([
      streams.pageViews(dayBefore(1)),
    ]);
    expect(await supersededStreams(trafficProjector, store, beforeClosing, at(5))).toEqual([]);
  });

  it('are closed by the workers on their own, as a repeatable job', async () => {
    await viewsOf(dayBefore(1), 3);
    const workers = startWorkersService({
      log,
      redisUrl: redisServer.url,
      dataDir: dir.path,
      mailFrom: 'Cinefold <no-reply@cinefold.local>',
      trafficBooks: { timeZone: 'UTC', retentionDays: RETENTION },
      logger: createLogger('test'),
      graceMs: 100,
    });
    try {
      // The job runs at once when scheduled; then every few minutes.
      while ((await closingsOf(dayBefore(1))).length === 0) await new Promise((r) => setTimeout(r, 50));
      expect((await closingsOf(dayBefore(1)))[0]!.event).toMatchObject({ data: { views: 3, visitors: 3 } });
    } finally {
      await workers.stop();
    }
  });
});
