import type { Movie, Season, TitleType, TvShow } from '@cinefold/contracts';
import type { ComponentType, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { EpisodeChoice, PlayerServer } from '../player';
import { genreList } from '../title-summary';
import { AdditionalInfo, type InfoRow } from './additional-info';
import { DetailHero } from './detail-hero';
import { DetailLayout } from './detail-layout';
import { usePlayerServer } from './use-player-server';

/** What a show's page does with its episodes beyond playing them (the member's Up Next). */
export interface EpisodeOptions {
  /** The episode to open first (the address's, or the member's next), when there is one. */
  readonly startAt?: EpisodeChoice | null;
  /** False while the first episode is still being found out: nothing is opened until then. */
  readonly ready?: boolean;
  /** Called with each episode opened: the first, and each one picked after it. */
  readonly onOpen?: (choice: EpisodeChoice) => void;
  /** Shown under the player, for the episode playing. */
  readonly actions?: (choice: EpisodeChoice, seasons: readonly Season[]) => ReactNode;
}

export interface TitlePlayerProps<Title> {
  readonly title: Title;
  readonly server: PlayerServer;
  /** Changes the server; every press counts as another view. */
  readonly onServerSelect: (server: PlayerServer) => void;
  readonly episodes?: EpisodeOptions | undefined;
}

/** What a movie's page and a show's page do differently; everything else they share. */
export interface TitleDetailKind<Title extends Movie | TvShow> {
  readonly type: TitleType;
  readonly useTitle: (id: string | undefined) => UseQueryResult<Title>;
  readonly loadingLabel: string;
  readonly notFound: { readonly message: string; readonly backTo: string; readonly backLabel: string };
  /** Above the title in the hero: "Movie", "TV Series". */
  readonly label: string;
  readonly name: (title: Title) => string;
  readonly date: (title: Title) => string | null;
  /** The hero's short facts (date, length or seasons); empty ones are left out. */
  readonly facts: (title: Title) => string[];
  readonly info: (title: Title) => InfoRow[];
  readonly Player: ComponentType<TitlePlayerProps<Title>>;
}

export interface DetailSlots {
  /** The favorites and watchlist buttons. */
  readonly actions?: ReactNode;
  readonly adTop?: ReactNode;
  readonly adSidebar?: ReactNode;
  readonly adBottom?: ReactNode;
  /** Called on every press of a server button (it counts as another view). */
  readonly onServerSelect?: (server: PlayerServer) => void;
  /** A show's page: where it starts, and what the member does with its episodes. */
  readonly episodes?: EpisodeOptions;
}

export interface TitleDetailViewProps<Title extends Movie | TvShow> extends DetailSlots {
  readonly kind: TitleDetailKind<Title>;
  readonly title: Title;
}

/** A title's page: the hero, its kind's player, the overview and the facts beside them. */
export function TitleDetailView<Title extends Movie | TvShow>({
  kind,
  title,
  actions,
  adTop,
  adSidebar,
  adBottom,
  onServerSelect,
  episodes,
}: TitleDetailViewProps<Title>) {
  const [server, setServer] = usePlayerServer();
  const selectServer = (next: PlayerServer) => {
    setServer(next);
    onServerSelect?.(next);
  };
  const { Player } = kind;

  return (
    <DetailLayout
      hero={
        <DetailHero
          kindLabel={kind.label}
          title={kind.name(title)}
          tagline={title.tagline}
          posterPath={title.poster_path}
          backdropPath={title.backdrop_path}
          rating={title.vote_average}
          voteCount={title.vote_count}
          facts={kind.facts(title).filter(Boolean)}
          genres={genreList(title.genres)}
          actions={actions}
        />
      }
      adTop={adTop}
      player={<Player title={title} server={server} onServerSelect={selectServer} episodes={episodes} />}
      overview={title.overview}
      info={<AdditionalInfo homepage={title.homepage} rows={kind.info(title)} />}
      adSidebar={adSidebar}
      adBottom={adBottom}
    />
  );
}
