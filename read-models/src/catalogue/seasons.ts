import type { Season, TvShow } from '@cinefold/contracts';

/** Spreads a show's episodes over its seasons (the TV schema only has the two totals). */
export function deriveSeasons(show: Pick<TvShow, 'number_of_seasons' | 'number_of_episodes'>): Season[] {
  const seasons = Math.max(0, Math.floor(show.number_of_seasons));
  const episodes = Math.max(0, Math.floor(show.number_of_episodes));
  if (seasons === 0) return episodes > 0 ? [{ season_number: 1, episode_count: episodes }] : [];
  const base = Math.floor(episodes / seasons);
  const extra = episodes % seasons;
  return Array.from({ length: seasons }, (_, i) => ({
    season_number: i + 1,
    episode_count: Math.max(1, base + (i < extra ? 1 : 0)),
  }));
}
