import { type Movie, playerPath, titlePath, type TitleType, type TvShow, yearOf } from '@cinefold/contracts';

/** What a card, a row, the hero and the ranked list need of a movie or a TV show alike. */
export interface TitleSummary {
  readonly kind: TitleType;
  readonly id: number;
  readonly title: string;
  readonly path: string;
  /** Its player, on its page: where Watch Now goes. */
  readonly playerPath: string;
  readonly posterPath: string | null;
  readonly backdropPath: string | null;
  /** Four digits, or empty when the date is unknown. */
  readonly year: string;
  readonly rating: number;
  readonly overview: string;
  readonly genres: string[];
}

/** "Action, Science Fiction" as the list it is; blanks dropped. */
export function genreList(genres: string | null | undefined): string[] {
  return (genres ?? '')
    .split(',')
    .map((genre) => genre.trim())
    .filter(Boolean);
}

export function summarizeMovie(movie: Movie): TitleSummary {
  return {
    kind: 'movie',
    id: movie.id,
    title: movie.title,
    path: titlePath('movie', movie.id),
    playerPath: playerPath('movie', movie.id),
    posterPath: movie.poster_path,
    backdropPath: movie.backdrop_path,
    year: yearOf(movie.release_date),
    rating: movie.vote_average,
    overview: movie.overview,
    genres: genreList(movie.genres),
  };
}

export function summarizeTvShow(show: TvShow): TitleSummary {
  return {
    kind: 'tv',
    id: show.id,
    title: show.name,
    path: titlePath('tv', show.id),
    playerPath: playerPath('tv', show.id),
    posterPath: show.poster_path,
    backdropPath: show.backdrop_path,
    year: yearOf(show.first_air_date),
    rating: show.vote_average,
    overview: show.overview,
    genres: genreList(show.genres),
  };
}
