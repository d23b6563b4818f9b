import { z } from 'zod';
import { pagedList, pageQuery } from './admin-users.js';
import { emailAddress, requiredText } from './common.js';

/** POST /api/support/contact */
export const contactMessageRequest = z.strictObject({
  name: requiredText('Name', 120),
  email: emailAddress,
  subject: requiredText('Subject', 200),
  message: requiredText('Message', 5000),
});
export type ContactMessageRequest = z.infer<typeof contactMessageRequest>;

/**
 * GET /api/admin/messages?page=&limit=: one page of the contact messages, newest first (not in
 * the spec: the back office's inbox, so a message sent through /contact can be read in the product).
 */
export const adminMessagesQuery = z.strictObject(pageQuery(20).shape);
export type AdminMessagesQuery = z.infer<typeof adminMessagesQuery>;

/** A contact message as the back office shows it; `receivedAt` is when the site took it (ISO 8601). */
export const contactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  receivedAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessage>;

export const adminMessagesResponse = pagedList('messages', contactMessage);
export type AdminMessagesResponse = z.infer<typeof adminMessagesResponse>;
