/**
 * What the users read model stores of a member, declared once: one hash of fields, written by the
 * projection (all of them at sign-up, one at a time after, each named as a field of `StoredUser`)
 * and read by the queries. A hash's fields are text, so the decode gives each its type and its
 * default.
 */
import type { Role, UserProfile } from '@cinefold/contracts';

/** A member as stored: the profile, and the token version their tokens must reach. */
export interface StoredUser extends UserProfile {
  /** Raised when the member ends their sessions; absent (0) until then. */
  readonly tokenVersion: number;
}

/** A new member's hash: the user role, and no token version yet. */
export function encodeNewUser(user: Omit<StoredUser, 'role' | 'tokenVersion'>): Record<string, string> {
  const { id, name, email, createdAt } = user;
  return { id, name, email, role: 'user' satisfies Role, createdAt };
}

/** The member a hash holds, or null when there is none (the account was deleted, or never was). */
export function decodeUser(fields: Record<string, string>): StoredUser | null {
  if (!fields.id) return null;
  return {
    id: fields.id,
    name: fields.name ?? '',
    email: fields.email ?? '',
    role: fields.role === 'admin' ? 'admin' : 'user',
    createdAt: fields.createdAt ?? '',
    tokenVersion: Number(fields.tokenVersion ?? 0),
  };
}

/** The profile the API shows of a stored member. */
export const profileOf = ({ tokenVersion: _tokenVersion, ...profile }: StoredUser): UserProfile => profile;
