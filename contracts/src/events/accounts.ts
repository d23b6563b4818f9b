/**
 * Accounts. A member's own stream holds registration, the ends of their sessions and deletion; the e-mail reservation stream
 * makes one account per address a property of the store; admin membership is one aggregate (the
 * `roles` stream) so that "there is always an admin left" can be decided consistently.
 */
import { z } from 'zod';
import { defineEvent } from './define.js';

export const UserRegistered = defineEvent(
  'UserRegistered',
  z.object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    /** bcrypt hash; the password itself is never stored. */
    passwordHash: z.string(),
  }),
);
export const UserDeleted = defineEvent('UserDeleted', z.object({ userId: z.string() }));
/**
 * Every token issued to the member so far stops working: they signed out, or lost the admin role.
 * Tokens carry the member's token version when issued; this raises it to `tokenVersion`.
 */
export const SessionsEnded = defineEvent(
  'SessionsEnded',
  z.object({ userId: z.string(), tokenVersion: z.number().int().positive() }),
);
export const EmailReserved = defineEvent(
  'EmailReserved',
  z.object({ email: z.string(), userId: z.string() }),
);
export const AdminRoleGranted = defineEvent('AdminRoleGranted', z.object({ userId: z.string() }));
export const AdminRoleRevoked = defineEvent('AdminRoleRevoked', z.object({ userId: z.string() }));

export const accountEvents = [
  UserRegistered,
  UserDeleted,
  SessionsEnded,
  EmailReserved,
  AdminRoleGranted,
  AdminRoleRevoked,
] as const;

export const accountStreams = {
  user: (userId: string) => `user-${userId}`,
  /** Keyed by the normalised (trimmed, lower-cased) address. */
  emailReservation: (email: string) => `email-${email}`,
  roles: () => 'roles',
} as const;

/** One account per address, whatever its case or surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
