/** The users read model: who can sign in, their role, and the admin list. */
export const USERS = {
  projector: 'users',
  /** Hash of the member's fields (stored.ts). */
  user: (id: string) => ['user', id],
  /** Sorted set of user ids by sign-up time (ms). */
  byCreated: 'by-created',
  /** Set of the admins' ids. */
  admins: 'admins',
} as const;
