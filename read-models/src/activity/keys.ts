/** The activity read model: each member's list changes, as GET /api/user/activity answers them. */
export const ACTIVITY = {
  projector: 'activity',
  /** List of stored activity entries (stored.ts), newest first. */
  entries: (userId: string) => ['user', userId, 'entries'],
  /**
   * Hash `{list}:{listEntryKey}` (`favorites:movie:550`) → a kept title (stored.ts) of the entry's
   * last addition to that list (`added`: its revision in the member's library stream): a removal
   * carries no title. A removal recorded before entries had a type takes the later of the two.
   */
  titles: (userId: string) => ['user', userId, 'titles'],
} as const;
