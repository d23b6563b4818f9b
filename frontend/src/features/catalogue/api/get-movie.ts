import type { Movie } from '@cinefold/contracts';
import { movieKeys } from './catalogue-keys';
import { useTitleQuery } from './title-id';

export function useMovie(id: string | undefined) {
  return useTitleQuery<Movie>(id, movieKeys.detail, (movie) => `/movies/${movie}`);
}
