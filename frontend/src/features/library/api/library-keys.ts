import type { ListName } from '@cinefold/contracts';

/** One root, so a change to any list can refresh the whole member library at once. */
export const libraryKeys = {
  all: ['library'] as const,
  lists: () => [...libraryKeys.all, 'list'] as const,
  list: (name: ListName) => [...libraryKeys.lists(), name] as const,
  watchHistory: () => [...libraryKeys.all, 'watch-history'] as const,
  activity: () => [...libraryKeys.all, 'activity'] as const,
};
