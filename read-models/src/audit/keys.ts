/**
 * The audit of admin actions: every entry once (a hash by event id), and sorted sets of event ids
 * by time for every filter the back office offers (all, per admin, per action, per admin and
 * action), so any page of any filter is one range of one sorted set.
 */
export const AUDIT = {
  projector: 'audit',
  /** Hash event id → a stored entry (stored.ts). */
  entries: 'entries',
  all: 'all',
  byAdmin: (actorId: string) => ['admin', actorId],
  byAction: (action: string) => ['action', action],
  byAdminAction: (actorId: string, action: string) => ['admin', actorId, 'action', action],
  /** Hash actor id → name: everyone who has done an admin action (the admin filter). */
  admins: 'admins',
  /** Hash user id → "name (email)", from registrations: the audit outlives deleted accounts. */
  people: 'people',
  /** Hash ad id → title, so a deleted ad is still named. */
  ads: 'ads',
} as const;
