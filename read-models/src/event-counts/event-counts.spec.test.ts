import { useRedisServer } from '@cinefold/platform/testing';
import { specOf } from '@cinefold/read-models/testing';
import { describe, expect, it } from 'vitest';
import { eventCountsProjector } from './projection.js';

const redisServer = useRedisServer();
const { given } = specOf(
  () => eventCountsProjector,
  () => redisServer.client(),
);

const registered = (userId: string) =>
  ({
    type: 'UserRegistered',
    data: { userId, name: userId, email: `${userId}@example.com`, passwordHash: 'hash' },
  }) as const;

describe('the event counts read model', () => {
  it('counts the events of each type the store holds', async () => {
    await given([
      registered('u-1'),
      registered('u-2'),
      { type: 'AdminRoleGranted', data: { userId: 'u-1' } },
      registered('u-3'),
    ]).then({ 'by-type': { UserRegistered: '3', AdminRoleGranted: '1' } });
  });

  it('adds up the counts of every batch', async () => {
    const events = Array.from({ length: 7 }, (_, i) => registered(`u-${i}`));
    await given(events).then({ 'by-type': { UserRegistered: '7' } }, { batchSize: 3 });
  });

  it('holds nothing before the first event', async () => {
    await given([]).then({});
  });
});

describe('a projector specification', () => {
  it('fails when the read model differs from the one expected', async () => {
    await expect(given([registered('u-1')]).then({ 'by-type': { UserRegistered: '2' } })).rejects.toThrow();
  });

  it('fails when asked for idempotence of a read model that counts each event it is given', async () => {
    await expect(
      given([registered('u-1')]).then({ 'by-type': { UserRegistered: '1' } }, { twice: true }),
    ).rejects.toThrow(/the same events again change nothing/);
  });
});
