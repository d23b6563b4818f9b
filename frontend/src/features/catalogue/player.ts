import type { Season } from '@cinefold/contracts';

export type { PlayerTemplates } from '@cinefold/contracts';

export const PLAYER_SERVERS = [1, 2] as const;
export type PlayerServer = (typeof PLAYER_SERVERS)[number];

/** Fills `{name}` placeholders; a template with a placeholder it cannot fill gives no address. */
function fillTemplate(template: string | null | undefined, values: Record<string, string>): string | null {
  const text = template?.trim();
  if (!text) return null;
  let complete = true;
  const url = text.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') {
      complete = false;
      return '';
    }
    return encodeURIComponent(value);
  });
  return complete ? url : null;
}

/** A movie plays by its IMDb id when it has one (the providers know films by it), else by its id. */
export function moviePlayerUrl(
  template: string | null | undefined,
  movie: { readonly id: number; readonly imdb_id?: string | null },
): string | null {
  const id = String(movie.id);
  return fillTemplate(template, { imdbId: movie.imdb_id?.trim() || id, id });
}

export function episodePlayerUrl(
  template: string | null | undefined,
  showId: number,
  episode: EpisodeChoice,
): string | null {
  return fillTemplate(template, {
    id: String(showId),
    season: String(episode.season),
    episode: String(episode.episode),
  });
}

/** Server 2 copes better with phones, so they start on it (spec section 4). */
export function defaultServer(userAgent: string): PlayerServer {
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(userAgent) ? 2 : 1;
}

export interface EpisodeChoice {
  readonly season: number;
  readonly episode: number;
}

/**
 * The episode that can actually be played: an unknown season becomes the first one the show has,
 * and an episode number past the season's count goes back to 1 (spec section 4). Null when the
 * show lists no seasons at all.
 */
export function playableEpisode(
  seasons: readonly Season[],
  wanted: EpisodeChoice | null,
): EpisodeChoice | null {
  const first = seasons[0];
  if (!first) return null;
  const season = seasons.find((candidate) => candidate.season_number === wanted?.season) ?? first;
  const episode =
    wanted && wanted.episode >= 1 && wanted.episode <= season.episode_count ? wanted.episode : 1;
  return { season: season.season_number, episode };
}

/** The episode after `choice`: the next of its season, else the first of the next season; null after the last. */
export function followingEpisode(
  seasons: readonly Season[],
  choice: EpisodeChoice | null,
): EpisodeChoice | null {
  if (!choice) return null;
  const index = seasons.findIndex((candidate) => candidate.season_number === choice.season);
  const season = seasons[index];
  if (season && choice.episode < season.episode_count)
    return { season: choice.season, episode: choice.episode + 1 };
  const next = seasons.slice(index + 1).find((candidate) => candidate.episode_count > 0);
  return next ? { season: next.season_number, episode: 1 } : null;
}
