import { Stack } from '@chakra-ui/react';
import type { TvShow } from '@cinefold/contracts';
import { useState } from 'react';
import { formatLongDate } from '../../../lib/dates';
import { useSeasons } from '../api/get-tv-show';
import { formatCount } from '../formatting';
import { type EpisodeChoice, episodePlayerUrl, type PlayerServer, playableEpisode } from '../player';
import { playerTemplates } from '../player-config';
import { genreList } from '../title-summary';
import { AdditionalInfo } from './additional-info';
import { DetailHero } from './detail-hero';
import { DetailLayout } from './detail-layout';
import { EpisodePicker } from './episode-picker';
import type { DetailSlots } from './movie-detail-view';
import { PlayerPanel } from './player-panel';
import { usePlayerServer } from './use-player-server';

export interface TvDetailViewProps extends DetailSlots {
  readonly show: TvShow;
}

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

export function TvDetailView({
  show,
  actions,
  adTop,
  adSidebar,
  adBottom,
  onServerSelect,
}: TvDetailViewProps) {
  const [server, setServer] = usePlayerServer();
  const seasons = useSeasons(String(show.id));
  const seasonList = seasons.data ?? [];
  const [wanted, setWanted] = useState<EpisodeChoice | null>(null);
  // Until a visitor picks, and whenever a pick no longer fits, the playable episode is derived.
  const choice = playableEpisode(seasonList, wanted);

  const selectServer = (next: PlayerServer) => {
    setServer(next);
    onServerSelect?.(next);
  };

  const facts = [
    formatLongDate(show.first_air_date),
    show.number_of_seasons > 0 ? plural(show.number_of_seasons, 'Season', 'Seasons') : '',
    show.number_of_episodes > 0 ? plural(show.number_of_episodes, 'Episode', 'Episodes') : '',
  ].filter(Boolean);

  return (
    <DetailLayout
      hero={
        <DetailHero
          kindLabel="TV Series"
          title={show.name}
          tagline={show.tagline}
          posterPath={show.poster_path}
          backdropPath={show.backdrop_path}
          rating={show.vote_average}
          voteCount={show.vote_count}
          facts={facts}
          genres={genreList(show.genres)}
          actions={actions}
        />
      }
      adTop={adTop}
      player={
        <Stack gap={{ base: '6', md: '8' }}>
          <EpisodePicker
            seasons={seasonList}
            loading={seasons.isPending}
            choice={choice}
            // Applied at once, so a season with fewer episodes shows episode 1 straight away.
            onChange={(next) => setWanted(playableEpisode(seasonList, next))}
            server={server}
            onServerSelect={selectServer}
          />
          {choice && (
            <PlayerPanel
              heading={`Now Playing: Season ${choice.season} Episode ${choice.episode}`}
              url={episodePlayerUrl(playerTemplates.tv[server], show.id, choice)}
              server={server}
              playing={`${show.name}, season ${choice.season} episode ${choice.episode}`}
            />
          )}
        </Stack>
      }
      overview={show.overview}
      info={
        <AdditionalInfo
          homepage={show.homepage}
          rows={[
            { label: 'Status', value: show.status },
            { label: 'Type', value: show.type },
            { label: 'First Air Date', value: formatLongDate(show.first_air_date) },
            { label: 'Last Air Date', value: formatLongDate(show.last_air_date) },
            { label: 'Networks', value: show.networks },
            { label: 'Original Language', value: show.original_language.toUpperCase() },
            { label: 'Created By', value: show.created_by },
            { label: 'Production Companies', value: show.production_companies },
          ]}
        />
      }
      adSidebar={adSidebar}
      adBottom={adBottom}
    />
  );
}
