import { Button, HStack, Stack } from '@chakra-ui/react';
import type { TvShow } from '@cinefold/contracts';
import { useEffect, useState } from 'react';
import { LuSkipForward } from 'react-icons/lu';
import { useSeasons } from '../api/get-tv-show';
import { usePlayerTemplates } from '../api/get-site-config';
import { type EpisodeChoice, episodePlayerUrl, followingEpisode, playableEpisode } from '../player';
import { EpisodePicker } from './episode-picker';
import { PlayerPanel } from './player-panel';
import type { TitlePlayerProps } from './title-detail-view';

/**
 * A show plays the episode picked: until then the one it starts at (the address's, or the
 * member's next episode), else season 1 episode 1; the server buttons are in the picker, and
 * "Next episode" after the player opens the one after, into the next season.
 */
export function EpisodePlayer({ title: show, server, onServerSelect, episodes }: TitlePlayerProps<TvShow>) {
  const seasons = useSeasons(String(show.id));
  const players = usePlayerTemplates();
  const seasonList = seasons.data ?? [];
  const [wanted, setWanted] = useState<EpisodeChoice | null>(null);
  const ready = !seasons.isPending && (episodes?.ready ?? true);
  // Until a visitor picks, and whenever a pick no longer fits, the playable episode is derived.
  const choice = ready ? playableEpisode(seasonList, wanted ?? episodes?.startAt ?? null) : null;
  const following = followingEpisode(seasonList, choice);
  const onOpen = episodes?.onOpen;
  const season = choice?.season;
  const episode = choice?.episode;
  // The episode it starts at is told once it is known.
  useEffect(() => {
    if (season === undefined || episode === undefined) return;
    onOpen?.({ season, episode });
  }, [season, episode, onOpen]);
  /**
   * One the visitor picks is told with the pick itself, in the same update: the page then records
   * the view as it shows the episode, not a render later (a visitor who leaves at once, or a page
   * slow to render, would otherwise lose the view).
   */
  const pick = (next: EpisodeChoice) => {
    const playable = playableEpisode(seasonList, next);
    setWanted(playable);
    if (playable) onOpen?.(playable);
  };

  return (
    <Stack gap={{ base: '6', md: '8' }}>
      <EpisodePicker
        seasons={seasonList}
        loading={!ready}
        choice={choice}
        // Applied at once, so a season with fewer episodes shows episode 1 straight away.
        onChange={pick}
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
      {choice && (
        <HStack gap="3" wrap="wrap">
          {following && (
            <Button
              variant="solid"
              aria-label={`Next episode: season ${following.season} episode ${following.episode}`}
              onClick={() => pick(following)}
            >
              <LuSkipForward />
              Next episode
            </Button>
          )}
          {episodes?.actions?.(choice, seasonList)}
        </HStack>
      )}
    </Stack>
  );
}
