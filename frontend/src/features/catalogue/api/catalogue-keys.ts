import { catalogueQueryRoot } from '../../../lib/catalogue-query-root';
import type { MovieFilters, TvShowFilters } from './filters';

export const homeKeys = {
  all: [...catalogueQueryRoot, 'home'] as const,
};

/** The keys of one kind of title: its lists, its details, and one list or title of either. */
function titleKindKeys<Filters>(kind: 'movies' | 'tv-shows') {
  const all = [...catalogueQueryRoot, kind] as const;
  const lists = () => [...all, 'list'] as const;
  const details = () => [...all, 'detail'] as const;
  return {
    all,
    lists,
    list: (filters: Filters) => [...lists(), filters] as const,
    details,
    detail: (id: string) => [...details(), id] as const,
    genres: () => [...all, 'genres'] as const,
  };
}

export const movieKeys = titleKindKeys<MovieFilters>('movies');

const tvShowKindKeys = titleKindKeys<TvShowFilters>('tv-shows');
export const tvShowKeys = {
  ...tvShowKindKeys,
  seasons: (id: string) => [...tvShowKindKeys.detail(id), 'seasons'] as const,
};

export const suggestionKeys = {
  all: [...catalogueQueryRoot, 'suggestions'] as const,
  of: (q: string) => [...suggestionKeys.all, q] as const,
};
