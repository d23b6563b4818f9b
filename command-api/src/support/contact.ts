import { randomUUID } from 'node:crypto';
import { contactMessageRequest, streams } from '@cinefold/contracts';
import {
  commandContext,
  type EventLog,
  rateLimit,
  sendPosition,
  validate,
  validated,
} from '@cinefold/platform';
import { Router } from 'express';
import type { Redis } from 'ioredis';

export interface ContactDependencies {
  readonly log: EventLog;
  readonly redis: Redis;
  /** Hands the message to whoever delivers it to the support team (a BullMQ job). */
  readonly deliver: (messageId: string) => Promise<void>;
}

const schemas = { body: contactMessageRequest };

/** POST /support/contact: a visitor's message to the team, kept as an event and queued for delivery. */
export function contactRouter({ log, redis, deliver }: ContactDependencies): Router {
  const router = Router();
  router.post(
    '/support/contact',
    // Validation first: a visitor fixing a typo should not use up their allowance.
    validate(schemas),
    rateLimit(redis, {
      name: 'contact',
      limit: 20,
      windowSeconds: 600,
      message: 'You have sent several messages already. Please wait a few minutes before sending another.',
    }),
    async (req, res) => {
      const { body } = validated(req, schemas);
      const messageId = randomUUID();
      const result = await log.append(
        streams.contactMessage(messageId),
        [{ type: 'ContactMessageReceived', data: { messageId, ...body } }],
        { expectedRevision: 'no_stream', context: commandContext(req) },
      );
      await deliver(messageId);
      sendPosition(req, res, result);
      res.status(201).json({ id: messageId, message: 'Thanks! Your message has been sent.' });
    },
  );
  return router;
}
