import { useRedisServer } from '@cinefold/platform/testing';
import { SPEC_TIME, specOf } from '@cinefold/read-models/testing';
import { describe, it } from 'vitest';
import { contactMessagesProjector } from './projection.js';

const redisServer = useRedisServer();
const { given } = specOf(
  () => contactMessagesProjector,
  () => redisServer.client(),
);

const LATER = '2025-03-02T08:30:00.000Z';
const ann = {
  messageId: 'm-ann',
  name: 'Ann Lee',
  email: 'ann@example.com',
  subject: 'Playback',
  message: 'The second server does not start.',
};
const bob = {
  messageId: 'm-bob',
  name: 'Bob Hart',
  email: 'bob@example.com',
  subject: 'Thanks',
  message: 'Love the Marvel page.',
};

describe('the contact messages read model', () => {
  it('keeps each message with the time it was received, and orders them by that time', async () => {
    await given([
      { type: 'ContactMessageReceived', data: ann },
      { type: 'ContactMessageReceived', data: bob, at: LATER },
    ]).then(
      {
        messages: {
          'm-ann': JSON.stringify({
            id: 'm-ann',
            name: 'Ann Lee',
            email: 'ann@example.com',
            subject: 'Playback',
            message: 'The second server does not start.',
            receivedAt: SPEC_TIME,
          }),
          'm-bob': JSON.stringify({
            id: 'm-bob',
            name: 'Bob Hart',
            email: 'bob@example.com',
            subject: 'Thanks',
            message: 'Love the Marvel page.',
            receivedAt: LATER,
          }),
        },
        'by-received': { 'm-ann': Date.parse(SPEC_TIME), 'm-bob': Date.parse(LATER) },
      },
      { twice: true },
    );
  });

  it('writes the same inbox whether the messages come in one batch or one at a time', async () => {
    const events = [
      { type: 'ContactMessageReceived', data: ann },
      { type: 'ContactMessageReceived', data: bob, at: LATER },
    ] as const;
    const inOne = await given(events).built();
    await given(events).then(inOne, { batchSize: 1 });
  });

  it('is empty until a message arrives', async () => {
    await given([]).then({});
  });
});
