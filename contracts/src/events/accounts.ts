/**
 * Accounts. A member's own stream holds registration, their settings (name, address, password,
 * reset links), the ends of their sessions and deletion; the e-mail reservation stream
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
/**
 * The member asked for a link to set a new password (the address was theirs). Only a SHA-256 hash
 * of the link's secret is kept; the link works once, until `expiresAt`, and a newer request, or
 * any change of the password, voids it.
 */
export const PasswordResetRequested = defineEvent(
  'PasswordResetRequested',
  z.object({ userId: z.string(), tokenHash: z.string(), expiresAt: z.string() }),
);
/**
 * A new password: set from account settings (the current one given) or through a reset link
 * (`resetTokenHash` names the link, used up by it). Always followed by `SessionsEnded`.
 */
export const PasswordChanged = defineEvent(
  'PasswordChanged',
  z.object({ userId: z.string(), passwordHash: z.string(), resetTokenHash: z.string().nullable() }),
);
export const UserRenamed = defineEvent('UserRenamed', z.object({ userId: z.string(), name: z.string() }));
/**
 * The member asked to move their account to `email`; it changes only once the link mailed there
 * (its secret kept as a SHA-256 hash) is opened before `expiresAt`.
 */
export const EmailChangeRequested = defineEvent(
  'EmailChangeRequested',
  z.object({ userId: z.string(), email: z.string(), tokenHash: z.string(), expiresAt: z.string() }),
);
/** The new address was confirmed (and reserved for the member): sign-in uses it from now on. */
export const EmailChanged = defineEvent(
  'EmailChanged',
  z.object({ userId: z.string(), email: z.string(), previousEmail: z.string() }),
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
  PasswordResetRequested,
  PasswordChanged,
  UserRenamed,
  EmailChangeRequested,
  EmailChanged,
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
