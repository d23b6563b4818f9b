import type { PlayerTemplates } from './player';

/**
 * The streaming providers' embed addresses, set when the frontend is built. Movie templates may
 * use `{imdbId}` and `{id}`, TV templates `{id}`, `{season}` and `{episode}`, for example
 * `VITE_PLAYER_SERVER_1_TV=https://provider.example/embed/tv/{id}/{season}/{episode}`. A server
 * left unset shows a notice instead of a player: no address is made up.
 */
export const playerTemplates: PlayerTemplates = {
  movie: {
    1: import.meta.env.VITE_PLAYER_SERVER_1_MOVIE,
    2: import.meta.env.VITE_PLAYER_SERVER_2_MOVIE,
  },
  tv: {
    1: import.meta.env.VITE_PLAYER_SERVER_1_TV,
    2: import.meta.env.VITE_PLAYER_SERVER_2_TV,
  },
};
