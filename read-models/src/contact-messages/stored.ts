/**
 * What the contact messages read model stores, declared once: a message as the back office shows
 * it (the contracts' schema), encoded by the projection and decoded by the queries.
 */
import { type ContactMessage, contactMessage } from '@cinefold/contracts';

export type StoredContactMessage = ContactMessage;

export const encodeContactMessage = (message: StoredContactMessage): string => JSON.stringify(message);
export const decodeContactMessage = (json: string): StoredContactMessage =>
  contactMessage.parse(JSON.parse(json));
