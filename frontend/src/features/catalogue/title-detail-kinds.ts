/**
 * The movie page and the TV show page, as configuration of the one title page: where the title
 * comes from, what its hero and facts say, and how it plays.
 */
import { href, type Movie, TITLE_NOT_FOUND, type TvShow } from '@cinefold/contracts';
import { formatLongDate } from '../../lib/dates';
import { useMovie } from './api/get-movie';
import { useTvShow } from './api/get-tv-show';
import { EpisodePlayer } from './components/episode-player';
import { MoviePlayer } from './components/movie-player';
import type { TitleDetailKind } from './components/title-detail-view';
import { countOf, noun } from '../../lib/numbers';
import { formatMoney, formatRuntime } from './formatting';

export const movieDetail: TitleDetailKind<Movie> = {
  type: 'movie',
  useTitle: useMovie,
  loadingLabel: 'Loading the movie',
  notFound: { message: TITLE_NOT_FOUND.movie, backTo: href('movies'), backLabel: 'Browse movies' },
  label: 'Movie',
  name: (movie) => movie.title,
  date: (movie) => movie.release_date,
  facts: (movie) => [formatLongDate(movie.release_date), formatRuntime(movie.runtime)],
  info: (movie) => [
    { label: 'Status', value: movie.status },
    { label: 'Original Language', value: movie.original_language.toUpperCase() },
    { label: 'Budget', value: formatMoney(movie.budget) },
    { label: 'Revenue', value: formatMoney(movie.revenue) },
    { label: 'Production Companies', value: movie.production_companies },
  ],
  Player: MoviePlayer,
};

export const tvDetail: TitleDetailKind<TvShow> = {
  type: 'tv',
  useTitle: useTvShow,
  loadingLabel: 'Loading the show',
  notFound: { message: TITLE_NOT_FOUND.tv, backTo: href('tvShows'), backLabel: 'Browse TV shows' },
  label: 'TV Series',
  name: (show) => show.name,
  date: (show) => show.first_air_date,
  facts: (show) => [
    formatLongDate(show.first_air_date),
    show.number_of_seasons > 0 ? countOf(show.number_of_seasons, noun('Season')) : '',
    show.number_of_episodes > 0 ? countOf(show.number_of_episodes, noun('Episode')) : '',
  ],
  info: (show) => [
    { label: 'Status', value: show.status },
    { label: 'Type', value: show.type },
    { label: 'First Air Date', value: formatLongDate(show.first_air_date) },
    { label: 'Last Air Date', value: formatLongDate(show.last_air_date) },
    { label: 'Networks', value: show.networks },
    { label: 'Original Language', value: show.original_language.toUpperCase() },
    { label: 'Created By', value: show.created_by },
    { label: 'Production Companies', value: show.production_companies },
  ],
  Player: EpisodePlayer,
};
