import type { Movie } from '@cinefold/contracts';
import { moviePlayerUrl } from '../player';
import { playerTemplates } from '../player-config';
import { PlayerPanel, ServerButtons } from './player-panel';
import type { TitlePlayerProps } from './title-detail-view';

/** A movie plays at once, with the server buttons under it. */
export function MoviePlayer({ title: movie, server, onServerSelect }: TitlePlayerProps<Movie>) {
  return (
    <PlayerPanel
      heading="Watch Now"
      url={moviePlayerUrl(playerTemplates.movie[server], movie)}
      server={server}
      playing={movie.title}
      controls={<ServerButtons server={server} onSelect={onServerSelect} />}
    />
  );
}
