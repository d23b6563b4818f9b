import { randomUUID } from 'node:crypto';
import { contactMessageRequest, streams } from '@cinefold/contracts';
import {
  callContext,
  created,
  type Endpoint,
  endpoint,
  type EventLog,
  rateLimiter,
} from '@cinefold/platform';
import type { Redis } from 'ioredis';

export interface ContactDependencies {
  readonly log: EventLog;
  readonly redis: Redis;
  /** Hands the message to whoever delivers it to the support team (a BullMQ job). */
  readonly deliver: (messageId: string) => Promise<void>;
}

const schemas = { body: contactMessageRequest };

/**
 * POST /api/support/contact: a visitor's message to the team, kept as an event and queued for
 * delivery. Validated before its limit: a visitor fixing a typo should not use up their allowance.
 */
export function contactEndpoint({ log, redis, deliver }: ContactDependencies): Endpoint {
  const limiter = rateLimiter(redis, {
    name: 'contact',
    limit: 20,
    windowSeconds: 600,
    message: 'You have sent several messages already. Please wait a few minutes before sending another.',
  });
  return endpoint({
    method: 'POST',
    path: '/api/support/contact',
    schemas,
    access: 'anyone',
    limits: [{ limiter }],
    handle: async (call) => {
      const messageId = randomUUID();
      const result = await log.append(
        streams.contactMessage(messageId),
        [{ type: 'ContactMessageReceived', data: { messageId, ...call.body } }],
        { expectedRevision: 'no_stream', context: callContext(call) },
      );
      await deliver(messageId);
      return created({ id: messageId, message: 'Thanks! Your message has been sent.' }, result.position);
    },
  });
}
