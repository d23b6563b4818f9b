import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  eventStoreFile,
  openSqliteEventStore,
  readModelKeys,
  readProjectionStatus,
} from '@cinefold/platform';
import { makeTempDir, newEvent, useRedisServer } from '@cinefold/platform/testing';
import { rebuildProjection } from '@cinefold/projectors';
import { EVENT_COUNTS, eventCountsProjector } from '@cinefold/read-models';
import { afterAll, expect, it } from 'vitest';
import { compiledProgram } from '../../scripts/service.mjs';

const redisServer = useRedisServer();
const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = makeTempDir('projector-crash');
afterAll(() => dir.remove());

const TYPES = ['TitleImported', 'PageViewed', 'TitleHidden', 'SomethingLiked'];
const TOTAL = 120_000;

function startProjectorsProcess(): ChildProcess {
  return spawn(process.execPath, compiledProgram('gateway', ['projectors']), {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dir.path,
      REDIS_URL: redisServer.url,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

it('after being killed at arbitrary points while projecting, the read model equals a full replay', async () => {
  const store = openSqliteEventStore(eventStoreFile(dir.path));
  for (let i = 0; i < TOTAL; i += 500) {
    const batch = Array.from({ length: 500 }, (_, j) =>
      newEvent(TYPES[(i + j) % TYPES.length]!, { n: i + j }),
    );
    await store.append(`stream-${i % 7}`, batch, { expectedRevision: 'any' });
  }
  const redis = redisServer.client();
  const checkpoint = async () =>
    (await readProjectionStatus(redis, EVENT_COUNTS.projector)).checkpoint?.commit ?? 0n;

  // Kill -9 three times, each time after the projector has made some progress since the last kill.
  const kills: bigint[] = [];
  for (let round = 0; round < 3; round++) {
    const before = await checkpoint();
    const child = startProjectorsProcess();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const deadline = Date.now() + 20_000;
    while ((await checkpoint()) <= before + 5_000n && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    child.kill('SIGKILL');
    await exited;
    kills.push(await checkpoint());
  }
  expect(kills.at(-1)!).toBeLessThan(BigInt(TOTAL));

  // Restart and let it finish.
  const child = startProjectorsProcess();
  const deadline = Date.now() + 60_000;
  while ((await checkpoint()) < BigInt(TOTAL) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;

  const status = await readProjectionStatus(redis, EVENT_COUNTS.projector);
  const afterCrashes = await redis.hgetall(
    readModelKeys.key(EVENT_COUNTS.projector, status.generation!, EVENT_COUNTS.byType),
  );
  const replay = await rebuildProjection(eventCountsProjector, { store, redis: redisServer.client() });
  const replayed = await redis.hgetall(
    readModelKeys.key(EVENT_COUNTS.projector, replay.generation, EVENT_COUNTS.byType),
  );
  expect(afterCrashes).toEqual(replayed);
  expect(replayed).toEqual(Object.fromEntries(TYPES.map((t) => [t, String(TOTAL / TYPES.length)])));
  await store.close();
}, 120_000);
