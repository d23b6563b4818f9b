/** One root, so a change to any list can refresh the whole member library at once. */
export const libraryKeys = {
  all: ['library'] as const,
  /** Favorites and watchlist together: the detail pages' toggles and the profile read this one. */
  lists: () => [...libraryKeys.all, 'lists'] as const,
  watchHistory: () => [...libraryKeys.all, 'watch-history'] as const,
  activity: () => [...libraryKeys.all, 'activity'] as const,
};
