import type { Season, TvShow } from '@cinefold/contracts';
import { tvShowKeys } from './catalogue-keys';
import { useTitleQuery } from './title-id';

export function useTvShow(id: string | undefined) {
  return useTitleQuery<TvShow>(id, tvShowKeys.detail, (show) => `/tvshows/${show}`);
}

/** The show's seasons with their episode counts; season 0 (specials) never appears. */
export function useSeasons(id: string | undefined) {
  return useTitleQuery<Season[]>(id, tvShowKeys.seasons, (show) => `/tvshows/${show}/seasons`);
}
