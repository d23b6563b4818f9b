import type { Movie } from '@cinefold/contracts';
import type { ReactNode } from 'react';
import { formatLongDate } from '../../../lib/dates';
import { formatMoney, formatRuntime } from '../formatting';
import { moviePlayerUrl, type PlayerServer } from '../player';
import { playerTemplates } from '../player-config';
import { genreList } from '../title-summary';
import { AdditionalInfo } from './additional-info';
import { DetailHero } from './detail-hero';
import { DetailLayout } from './detail-layout';
import { PlayerPanel, ServerButtons } from './player-panel';
import { usePlayerServer } from './use-player-server';

export interface DetailSlots {
  /** The favorites and watchlist buttons. */
  readonly actions?: ReactNode;
  readonly adTop?: ReactNode;
  readonly adSidebar?: ReactNode;
  readonly adBottom?: ReactNode;
  /** Called on every press of a server button (it counts as another view). */
  readonly onServerSelect?: (server: PlayerServer) => void;
}

export interface MovieDetailViewProps extends DetailSlots {
  readonly movie: Movie;
}

export function MovieDetailView({
  movie,
  actions,
  adTop,
  adSidebar,
  adBottom,
  onServerSelect,
}: MovieDetailViewProps) {
  const [server, setServer] = usePlayerServer();
  const selectServer = (next: PlayerServer) => {
    setServer(next);
    onServerSelect?.(next);
  };
  const facts = [formatLongDate(movie.release_date), formatRuntime(movie.runtime)].filter(Boolean);

  return (
    <DetailLayout
      hero={
        <DetailHero
          kindLabel="Movie"
          title={movie.title}
          tagline={movie.tagline}
          posterPath={movie.poster_path}
          backdropPath={movie.backdrop_path}
          rating={movie.vote_average}
          voteCount={movie.vote_count}
          facts={facts}
          genres={genreList(movie.genres)}
          actions={actions}
        />
      }
      adTop={adTop}
      player={
        <PlayerPanel
          heading="Watch Now"
          url={moviePlayerUrl(playerTemplates.movie[server], movie)}
          server={server}
          playing={movie.title}
          controls={<ServerButtons server={server} onSelect={selectServer} />}
        />
      }
      overview={movie.overview}
      info={
        <AdditionalInfo
          homepage={movie.homepage}
          rows={[
            { label: 'Status', value: movie.status },
            { label: 'Original Language', value: movie.original_language.toUpperCase() },
            { label: 'Budget', value: formatMoney(movie.budget) },
            { label: 'Revenue', value: formatMoney(movie.revenue) },
            { label: 'Production Companies', value: movie.production_companies },
          ]}
        />
      }
      adSidebar={adSidebar}
      adBottom={adBottom}
    />
  );
}
