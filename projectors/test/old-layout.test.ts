import { createLogger, readModelKeys } from '@cinefold/platform';
import { useRedisServer } from '@cinefold/platform/testing';
import { USERS } from '@cinefold/read-models';
import { expect, it } from 'vitest';
import { dropOldLayout } from '../src/service.js';

const redisServer = useRedisServer();

it('deletes the read models’ keys of the layout before the hash tags, and nothing of the new one', async () => {
  const redis = redisServer.client();
  // A site upgraded in place: its old keys (`rm:users:…`) beside the ones built since (`{users}:…`).
  await redis.set(`rm:${USERS.projector}:active`, '4');
  await redis.set(`rm:${USERS.projector}:next`, '4');
  await redis.hset(`rm:${USERS.projector}:g4:user:u1`, 'name', 'Old');
  await redis.set(readModelKeys.active(USERS.projector), '1');
  await redis.hset(readModelKeys.key(USERS.projector, 1, ...USERS.user('u1')), 'name', 'New');
  await redis.set('rm:positions-like-key', 'not a read model of ours');

  expect(await dropOldLayout([USERS.projector, 'catalogue'], redis, createLogger('test'))).toBe(3);
  expect((await redis.keys('*')).sort()).toEqual(
    [
      readModelKeys.active(USERS.projector),
      readModelKeys.key(USERS.projector, 1, ...USERS.user('u1')),
      'rm:positions-like-key',
    ].sort(),
  );
  expect(await dropOldLayout([USERS.projector], redis, createLogger('test'))).toBe(0);
  // Without the old generation counter nothing is scanned for (a site that never had the old layout).
  await redis.set(`rm:${USERS.projector}:active`, '4');
  expect(await dropOldLayout([USERS.projector], redis, createLogger('test'))).toBe(0);
});
