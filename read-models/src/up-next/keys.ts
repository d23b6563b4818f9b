/**
 * The Up Next read model: each member's "Continue Watching" row and the titles they are not
 * interested in (see docs/design.md, "Up Next").
 */
export const UP_NEXT = {
  projector: 'up-next',
  /** Sorted set `listEntryKey` → ms of the title's last view or mark: the row's candidates, newest last. */
  row: (userId: string) => ['user', userId, 'row'],
  /** Hash `listEntryKey` → stored progress (stored.ts): where the member is in each title they opened or marked. */
  progress: (userId: string) => ['user', userId, 'progress'],
  /** Hash `listEntryKey` → a stored list item (stored.ts): the titles hidden from the member's own pages. */
  notInterested: (userId: string) => ['user', userId, 'not-interested'],
} as const;
