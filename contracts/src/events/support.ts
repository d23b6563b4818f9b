/** Support: what visitors write to the site's team. */
import { z } from 'zod';
import { defineEvent } from './define.js';

export const ContactMessageReceived = defineEvent(
  'ContactMessageReceived',
  z.object({
    messageId: z.string(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
  }),
);

export const supportEvents = [ContactMessageReceived] as const;

export const supportStreams = {
  contactMessage: (messageId: string) => `contact-${messageId}`,
} as const;
