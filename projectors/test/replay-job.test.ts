import { join } from 'node:path';
import { createLogger, openSqliteEventStore, readModelKeys, readProjectionStatus } from '@cinefold/platform';
import { makeTempDir, newEvent, useRedisServer } from '@cinefold/platform/testing';
import { createReplayQueue, startProjectorsService } from '@cinefold/projectors';
import { EVENT_COUNTS } from '@cinefold/read-models';
import { QueueEvents } from 'bullmq';
import { expect, it } from 'vitest';

const redisServer = useRedisServer();
const logger = createLogger('test');
const TOTAL = 150_000;

it('a replay job interrupted by shutdown goes back to the queue and resumes where it stopped', async () => {
  const dir = makeTempDir('replay-job');
  const store = openSqliteEventStore(join(dir.path, 'events.sqlite'));
  for (let i = 0; i < TOTAL; i += 500) {
    const batch = Array.from({ length: 500 }, (_, j) =>
      newEvent(j % 2 ? 'PageViewed' : 'TitleImported', { n: i + j }),
    );
    await store.append(`s-${i}`, batch, { expectedRevision: 'any' });
  }
  const redis = redisServer.client();
  const queue = createReplayQueue(redisServer.url);
  const first = startProjectorsService({ store, redisUrl: redisServer.url, logger, replayGraceMs: 0 });
  const job = await queue.add('replay', { projector: EVENT_COUNTS.projector });

  // Shut the service down as soon as the replay has made some progress.
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const progress = (await queue.getJob(job.id!))?.progress as { processed?: number } | undefined;
    if ((progress?.processed ?? 0) > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await first.stop();

  const returned = (await queue.getJob(job.id!))!;
  expect(await returned.getState()).toBe('waiting');
  expect(returned.attemptsMade).toBe(0);
  const generation = returned.data.generation!;
  expect(generation).toBeGreaterThan(1);
  const stoppedAt = (await readProjectionStatus(redis, EVENT_COUNTS.projector)).generation;
  expect(stoppedAt).not.toBe(generation);

  // A new service picks the job up and finishes the same generation.
  const events = new QueueEvents(queue.name, { connection: redisServer.client() });
  await events.waitUntilReady();
  const second = startProjectorsService({ store, redisUrl: redisServer.url, logger });
  const result = (await returned.waitUntilFinished(events, 30_000)) as {
    generation: number;
    processed: number;
  };
  expect(result.generation).toBe(generation);
  expect(result.processed).toBeLessThan(TOTAL);
  expect(
    await redis.hgetall(readModelKeys.key(EVENT_COUNTS.projector, generation, EVENT_COUNTS.byType)),
  ).toEqual({
    PageViewed: String(TOTAL / 2),
    TitleImported: String(TOTAL / 2),
  });
  expect((await readProjectionStatus(redis, EVENT_COUNTS.projector)).generation).toBe(generation);

  await second.stop();
  await events.close();
  await queue.close();
  await store.close();
  dir.remove();
}, 60_000);
