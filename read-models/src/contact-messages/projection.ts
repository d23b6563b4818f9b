import { defineProjector } from '../runtime/projector.js';
import { CONTACT_MESSAGES } from './keys.js';
import { encodeContactMessage, type StoredContactMessage } from './stored.js';

/**
 * The back office's inbox: every contact message by id, and the ids by the time the site received
 * them, so an admin reads a page of the newest with one ZREVRANGE and one HMGET. Keyed by the
 * message's id, so the same message projected again leaves the same two entries.
 */
export const contactMessagesProjector = defineProjector({
  name: CONTACT_MESSAGES.projector,
  handles: ['ContactMessageReceived'],
  apply({ events, tx, key }) {
    for (const { event, metadata } of events) {
      // Its only type, so no switch: a second type added to `handles` needs one (see `unhandled`).
      if (!event) continue;
      const { messageId, name, email, subject, message } = event.data;
      const receivedAt = metadata.occurredAt;
      const entry: StoredContactMessage = { id: messageId, name, email, subject, message, receivedAt };
      tx.hset(key(CONTACT_MESSAGES.messages), messageId, encodeContactMessage(entry));
      tx.zadd(key(CONTACT_MESSAGES.byReceived), Date.parse(receivedAt), messageId);
    }
  },
});
