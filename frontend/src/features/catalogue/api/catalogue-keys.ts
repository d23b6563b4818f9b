import { catalogueQueryRoot } from '../../../lib/catalogue-query-root';
import type { MovieFilters, TvShowFilters } from './filters';

export const homeKeys = {
  all: [...catalogueQueryRoot, 'home'] as const,
};

export const movieKeys = {
  all: [...catalogueQueryRoot, 'movies'] as const,
  lists: () => [...movieKeys.all, 'list'] as const,
  list: (filters: MovieFilters) => [...movieKeys.lists(), filters] as const,
  details: () => [...movieKeys.all, 'detail'] as const,
  detail: (id: string) => [...movieKeys.details(), id] as const,
  genres: () => [...movieKeys.all, 'genres'] as const,
};

export const tvShowKeys = {
  all: [...catalogueQueryRoot, 'tv-shows'] as const,
  lists: () => [...tvShowKeys.all, 'list'] as const,
  list: (filters: TvShowFilters) => [...tvShowKeys.lists(), filters] as const,
  details: () => [...tvShowKeys.all, 'detail'] as const,
  detail: (id: string) => [...tvShowKeys.details(), id] as const,
  seasons: (id: string) => [...tvShowKeys.detail(id), 'seasons'] as const,
  genres: () => [...tvShowKeys.all, 'genres'] as const,
};

export const suggestionKeys = {
  all: [...catalogueQueryRoot, 'suggestions'] as const,
  of: (q: string) => [...suggestionKeys.all, q] as const,
};
