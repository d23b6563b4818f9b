import type { Movie } from '@cinefold/contracts';
import { usePlayerTemplates } from '../api/get-site-config';
import { moviePlayerUrl } from '../player';
import { PlayerPanel, ServerButtons } from './player-panel';
import type { TitlePlayerProps } from './title-detail-view';

/** A movie plays at once, with the server buttons under it. */
export function MoviePlayer({ title: movie, server, onServerSelect }: TitlePlayerProps<Movie>) {
  const players = usePlayerTemplates();
  return (
    <PlayerPanel
      heading="Watch Now"
      url={players && moviePlayerUrl(players.movie[server], movie)}
      server={server}
      playing={movie.title}
      controls={<ServerButtons server={server} onSelect={onServerSelect} />}
    />
  );
}
