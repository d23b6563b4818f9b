import { z } from 'zod';
import { emailAddress, requiredText } from './common.js';

/** POST /api/support/contact */
export const contactMessageRequest = z.strictObject({
  name: requiredText('Name', 120),
  email: emailAddress,
  subject: requiredText('Subject', 200),
  message: requiredText('Message', 5000),
});
export type ContactMessageRequest = z.infer<typeof contactMessageRequest>;
