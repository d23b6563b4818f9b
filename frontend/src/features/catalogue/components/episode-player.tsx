import { Stack } from '@chakra-ui/react';
import type { TvShow } from '@cinefold/contracts';
import { useState } from 'react';
import { useSeasons } from '../api/get-tv-show';
import { usePlayerTemplates } from '../api/get-site-config';
import { type EpisodeChoice, episodePlayerUrl, playableEpisode } from '../player';
import { EpisodePicker } from './episode-picker';
import { PlayerPanel } from './player-panel';
import type { TitlePlayerProps } from './title-detail-view';

/** A show plays the episode picked (season 1 episode 1 until then), the server buttons in the picker. */
export function EpisodePlayer({ title: show, server, onServerSelect }: TitlePlayerProps<TvShow>) {
  const seasons = useSeasons(String(show.id));
  const players = usePlayerTemplates();
  const seasonList = seasons.data ?? [];
  const [wanted, setWanted] = useState<EpisodeChoice | null>(null);
  // Until a visitor picks, and whenever a pick no longer fits, the playable episode is derived.
  const choice = playableEpisode(seasonList, wanted);

  return (
    <Stack gap={{ base: '6', md: '8' }}>
      <EpisodePicker
        seasons={seasonList}
        loading={seasons.isPending}
        choice={choice}
        // Applied at once, so a season with fewer episodes shows episode 1 straight away.
        onChange={(next) => setWanted(playableEpisode(seasonList, next))}
        server={server}
        onServerSelect={onServerSelect}
      />
      {choice && (
        <PlayerPanel
          heading={`Now Playing: Season ${choice.season} Episode ${choice.episode}`}
          url={players && episodePlayerUrl(players.tv[server], show.id, choice)}
          server={server}
          playing={`${show.name}, season ${choice.season} episode ${choice.episode}`}
        />
      )}
    </Stack>
  );
}
