import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@cinefold/platform';

/** A payload the size of a real catalogue event (about 600 bytes of JSON). */
export function sampleEvent(i: number): NewEvent {
  return {
    type: 'ContactMessageReceived',
    version: 1,
    data: {
      messageId: randomUUID(),
      name: `Visitor ${i}`,
      email: `visitor${i}@example.com`,
      subject: 'Playback on Server 2',
      message:
        'Cobb, a skilled thief who commits corporate espionage by infiltrating the subconscious of his targets, ' +
        'is offered a chance to regain his old life as payment for a task considered to be impossible: inception, ' +
        `the implantation of another person's idea into a target's subconscious. (${i})`,
    },
    metadata: {
      occurredAt: new Date(1_700_000_000_000 + i * 1000).toISOString(),
      actor: 'bench',
      correlationId: randomUUID(),
      causationId: null,
    },
  };
}
