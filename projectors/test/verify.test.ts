import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  createLogger,
  comparePositions,
  START,
  readProjectionStatus,
  type EventStore,
  openSqliteEventStore,
  readModelKeys,
} from '@cinefold/platform';
import { makeTempDir, newEvent, useRedisServer, sampleMovie as movie } from '@cinefold/platform/testing';
import { LiveProjectionRunner, rebuildProjection, verifyProjection } from '@cinefold/projectors';
import {
  EVENT_COUNTS,
  eventCountsProjector,
  CATALOGUE,
  createCatalogueProjector,
  TRAFFIC,
  trafficProjector,
} from '@cinefold/read-models';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compiledProgram } from '../../scripts/service.mjs';

const redisServer = useRedisServer();
const dir = makeTempDir('verify');
let store: EventStore;

const DAY = '2026-01-02';

function pageView(n: number) {
  return newEvent('PageViewed', {
    path: `/movie/${n % 7}`,
    title: { type: 'movie', id: String(n % 7) },
    source: n % 2 ? 'search' : 'direct',
    device: n % 3 ? 'desktop' : 'mobile',
    country: n % 5 ? 'FR' : 'DE',
    visitor: `visitor-${n % 40}`,
  });
}

beforeAll(async () => {
  store = openSqliteEventStore(join(dir.path, 'events.sqlite'));
  for (let i = 0; i < 300; i += 50) {
    await store.append(
      `pageviews-${DAY}`,
      Array.from({ length: 50 }, (_, j) => pageView(i + j)),
      { expectedRevision: 'any' },
    );
    await store.append(
      `other-${i}`,
      [newEvent('TitleImported', { type: 'movie', line: 2, title: movie(9000 + i, `Early ${i}`) })],
      { expectedRevision: 'any' },
    );
  }
  // The serving generations, built as `npm run replay` builds them.
  const redis = redisServer.client();
  await rebuildProjection(eventCountsProjector, { store, redis });
  await rebuildProjection(trafficProjector, { store, redis });
});

afterAll(async () => {
  await store.close();
  dir.remove();
});

async function generationsOf(projector: string): Promise<string[]> {
  // `{traffic}:g3:…`: the generation is the second part.
  const keys = await redisServer.client().keys(`{${projector}}:g*`);
  return [...new Set(keys.map((key) => key.split(':')[1]!))].sort();
}

it('a read model verifies equal to its replay, HyperLogLogs and sorted sets included', async () => {
  const redis = redisServer.client();
  for (const projector of [eventCountsProjector, trafficProjector]) {
    const result = await verifyProjection(projector, { store, redis, batchSize: 64 });
    expect(result.verdict).toBe('equal');
    expect(result.differing).toEqual([]);
    expect(result.keys).toBeGreaterThan(0);
    expect(result.rebuiltChecksum).toBe(result.servingChecksum);
  }
  const result = await verifyProjection(trafficProjector, { store, redis });
  expect(result.keys).toBe(
    new Set(
      (
        await redis.keys(`${readModelKeys.generationPrefix(TRAFFIC.projector, result.servingGeneration)}*`)
      ).filter((k) => !k.endsWith(':checkpoint')),
    ).size,
  );
});

it('verify compares both generations at the serving checkpoint, not at the head of the store', async () => {
  const redis = redisServer.client();
  // Events the serving generation has not seen yet (its runner is not running): not a difference.
  await store.append(`pageviews-${DAY}`, [pageView(1000), pageView(1001)], { expectedRevision: 'any' });
  const result = await verifyProjection(trafficProjector, { store, redis });
  expect(result.verdict).toBe('equal');
});

it('a key changed by hand in the serving generation makes verify report that key and fail', async () => {
  const redis = redisServer.client();
  const active = Number(await redis.get(readModelKeys.active(EVENT_COUNTS.projector)));
  await redis.hset(readModelKeys.key(EVENT_COUNTS.projector, active, EVENT_COUNTS.byType), 'PageViewed', '1');
  const result = await verifyProjection(eventCountsProjector, { store, redis });
  expect(result.verdict).toBe('different');
  expect(result.differing).toEqual([EVENT_COUNTS.byType]);
  expect(result.servingChecksum).not.toBe(result.rebuiltChecksum);

  await redis.set(readModelKeys.key(EVENT_COUNTS.projector, active, 'stray'), 'x');
  const again = await verifyProjection(eventCountsProjector, { store, redis });
  expect(again.differing).toEqual([EVENT_COUNTS.byType, 'stray']);
});

it('the scratch generation is gone afterwards and the serving one is still active', async () => {
  const redis = redisServer.client();
  const before = await generationsOf(TRAFFIC.projector);
  const active = await redis.get(readModelKeys.active(TRAFFIC.projector));
  const result = await verifyProjection(trafficProjector, { store, redis });
  expect(result.scratchGeneration).not.toBe(result.servingGeneration);
  expect(await generationsOf(TRAFFIC.projector)).toEqual(before);
  expect(await redis.get(readModelKeys.active(TRAFFIC.projector))).toBe(active);
});

it('verify never reports a difference while the live projector keeps writing, and ends equal', async () => {
  const redis = redisServer.client();
  const runner = new LiveProjectionRunner(createCatalogueProjector(), {
    store,
    redis: redisServer.client(),
    logger: createLogger('test'),
    batchSize: 40,
  });
  runner.start();
  await runner.started;
  const imported = (id: number, title: string) =>
    newEvent('TitleImported', { type: 'movie', line: 2, title: movie(id, title, { popularity: id }) });
  let appended = false;
  const appending = (async () => {
    for (let round = 0; round < 21; round++) {
      await store.append(
        'catalogue-import',
        Array.from({ length: 40 }, (_, i) => imported(i + 1, `Round ${round} ${i}`)),
        { expectedRevision: 'any' },
      );
      // A replace-mode import drops the epoch: its keys are unlinked after the commit.
      if (round % 4 === 3) {
        await store.append(
          'catalogue-import',
          [newEvent('CatalogueTruncated', { jobId: `j-${round}`, type: 'movie' })],
          { expectedRevision: 'any' },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    appended = true;
  })();
  const verdicts: string[] = [];
  while (!appended) {
    const during = await verifyProjection(createCatalogueProjector(), { store, redis, batchSize: 50 });
    verdicts.push(during.verdict);
  }
  await appending;
  expect(verdicts.filter((verdict) => verdict === 'different')).toEqual([]);
  const head = await store.headPosition();
  while (
    comparePositions((await readProjectionStatus(redis, CATALOGUE.projector)).checkpoint ?? START, head) < 0
  ) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await runner.stop();
  const after = await verifyProjection(createCatalogueProjector(), { store, redis });
  expect(after.verdict).toBe('equal');
  expect(after.keys).toBeGreaterThan(40);
  expect(await generationsOf(CATALOGUE.projector)).toEqual([`g${after.servingGeneration}`]);
});

it('a sorted set too big for one read is compared in full, down to a score far past its start', async () => {
  const redis = redisServer.client();
  const day = '2026-02-03';
  for (let i = 0; i < 25_000; i += 5000) {
    await store.append(
      `pageviews-${day}`,
      Array.from({ length: 5000 }, (_, j) =>
        newEvent('PageViewed', {
          path: '/tv/x',
          title: { type: 'tv', id: String(i + j) },
          source: 'direct',
          device: 'desktop',
          country: 'FR',
          visitor: `v-${i + j}`,
        }),
      ),
      { expectedRevision: 'any' },
    );
  }
  await rebuildProjection(trafficProjector, { store, redis });
  expect((await verifyProjection(trafficProjector, { store, redis, batchSize: 5000 })).verdict).toBe('equal');

  const active = Number(await redis.get(readModelKeys.active(TRAFFIC.projector)));
  const titles = readModelKeys.key(TRAFFIC.projector, active, ...TRAFFIC.titles('tv'));
  expect(await redis.zcard(titles)).toBe(25_000);
  await redis.zincrby(titles, 0.5, '24999');
  const result = await verifyProjection(trafficProjector, { store, redis, batchSize: 5000 });
  expect(result.verdict).toBe('different');
  expect(result.differing).toEqual([TRAFFIC.titles('tv').join(':')]);
}, 60_000);

it('npm run verify prints the table, names the differing key and exits 1 only on a difference', async () => {
  const run = (...names: string[]) =>
    promisify(execFile)(process.execPath, compiledProgram('projectors', ['verify', ...names]), {
      env: { ...process.env, DATA_DIR: dir.path, REDIS_URL: redisServer.url },
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
  const redis = redisServer.client();
  await rebuildProjection(eventCountsProjector, { store, redis });
  await rebuildProjection(trafficProjector, { store, redis });
  const good = await run(TRAFFIC.projector);
  expect(good.code).toBe(0);
  expect(good.stdout).toMatch(
    /^projector\s+keys\s+differing keys\s+checksum serving\s+checksum rebuilt\s+verdict$/m,
  );
  expect(good.stdout).toMatch(/^traffic\s+[\d,]+\s+0\s+\w+\s+\w+\s+equal$/m);

  const active = Number(await redis.get(readModelKeys.active(EVENT_COUNTS.projector)));
  await redis.hset(readModelKeys.key(EVENT_COUNTS.projector, active, EVENT_COUNTS.byType), 'PageViewed', '1');
  const bad = await run(EVENT_COUNTS.projector, TRAFFIC.projector);
  expect(bad.code).toBe(1);
  expect(bad.stdout).toMatch(/^event-counts\s+\d+\s+1\s+\w+\s+\w+\s+different$/m);
  expect(bad.stdout).toContain(`event-counts: differs: ${EVENT_COUNTS.byType}`);
}, 60_000);
