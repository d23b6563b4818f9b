import { Button } from '@chakra-ui/react';
import type { EpisodeRef } from '@cinefold/contracts';
import { LuCheckCheck, LuListChecks } from 'react-icons/lu';
import { useAuth } from '../../../lib/auth/auth-context';
import { type UpNextTitle, useMarkWatched } from '../api/up-next-api';

/**
 * Under a show's player, for a member: everything up to the episode playing, or its whole
 * season, marked as watched in one action. Nothing for a guest.
 */
export function MarkEpisodeButtons({
  title,
  episode,
}: {
  readonly title: UpNextTitle;
  readonly episode: EpisodeRef;
}) {
  const { status } = useAuth();
  const mark = useMarkWatched();
  if (status !== 'signed-in') return null;
  return (
    <>
      <Button
        variant="outline"
        disabled={mark.isPending}
        onClick={() => mark.mutate({ title, season: episode.season, episode: episode.episode })}
      >
        <LuCheckCheck />
        Watched up to S{episode.season} E{episode.episode}
      </Button>
      <Button
        variant="outline"
        disabled={mark.isPending}
        onClick={() => mark.mutate({ title, season: episode.season })}
      >
        <LuListChecks />
        Mark season {episode.season} watched
      </Button>
      {mark.isSuccess && (
        <span role="status" aria-live="polite">
          Marked as watched.
        </span>
      )}
    </>
  );
}
