import { join } from 'node:path';
import { listEntryKey, streams } from '@cinefold/contracts';
import {
  createEventLog,
  createLogger,
  openSqliteEventStore,
  readModelKeys,
  systemContext,
} from '@cinefold/platform';
import { makeTempDir, useRedisServer } from '@cinefold/platform/testing';
import { startProjectorsService } from '@cinefold/projectors';
import { LIBRARIES, librariesProjector } from '@cinefold/read-models';
import { expect, it } from 'vitest';

const redisServer = useRedisServer();
const logger = createLogger('test');

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('a read model built by an older shape of its projector is rebuilt beside it at start, and switched in', async () => {
  const dir = makeTempDir('read-model-versions');
  const store = openSqliteEventStore(join(dir.path, 'events.sqlite'));
  const log = createEventLog(store);
  const item = { contentType: 'tv', contentId: 1399, title: 'Game of Thrones', poster: null } as const;
  await log.append(streams.library('ann'), [{ type: 'FavoriteAdded', data: { userId: 'ann', ...item } }], {
    expectedRevision: 'no_stream',
    context: systemContext(),
  });
  const redis = redisServer.client();
  const active = async () => Number(await redis.get(readModelKeys.active(LIBRARIES.projector)));
  const favorites = async (generation: number) =>
    redis.hkeys(readModelKeys.key(LIBRARIES.projector, generation, ...LIBRARIES.list('ann', 'favorites')));

  const first = startProjectorsService({ store, redisUrl: redisServer.url, logger });
  await first.started;
  const built = await active();
  expect(
    await until(
      () => favorites(built),
      (keys) => keys.length > 0,
    ),
  ).toEqual([listEntryKey(item.contentType, item.contentId)]);
  await first.stop();

  // As an older site left it: entries under the id alone, in a generation of the first shape.
  const list = readModelKeys.key(LIBRARIES.projector, built, ...LIBRARIES.list('ann', 'favorites'));
  await redis.hset(list, '1399', (await redis.hget(list, listEntryKey(item.contentType, item.contentId)))!);
  await redis.hdel(list, listEntryKey(item.contentType, item.contentId));
  await redis.set(readModelKeys.version(LIBRARIES.projector, built), '1');

  const second = startProjectorsService({ store, redisUrl: redisServer.url, logger });
  const rebuilt = await until(active, (generation) => generation !== built);
  expect(rebuilt).toBeGreaterThan(built);
  expect(await redis.get(readModelKeys.version(LIBRARIES.projector, rebuilt))).toBe(
    String(librariesProjector.version),
  );
  expect(await favorites(rebuilt)).toEqual([listEntryKey(item.contentType, item.contentId)]);
  // The old generation is gone with its version (deleted just after the switch).
  expect(
    await until(
      () => redis.exists(list, readModelKeys.version(LIBRARIES.projector, built)),
      (left) => left === 0,
    ),
  ).toBe(0);
  await second.stop();

  // A site whose read models are all of today's shape rebuilds nothing.
  const third = startProjectorsService({ store, redisUrl: redisServer.url, logger });
  await third.started;
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await active()).toBe(rebuilt);
  await third.stop();
  await store.close();
  dir.remove();
}, 60_000);
