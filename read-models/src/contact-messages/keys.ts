/** The contact messages read model: the back office's inbox (GET /api/admin/messages). */
export const CONTACT_MESSAGES = {
  projector: 'contact-messages',
  /** Hash messageId → a stored message (stored.ts). */
  messages: 'messages',
  /** Sorted set of message ids by the time the site received them (ms), for newest first. */
  byReceived: 'by-received',
} as const;
