import { type Movie, notFoundHead, titleHead, type TvShow } from '@cinefold/contracts';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { PageHeadTags } from '../../components/ui/page-head-tags';
import { PageSpinner } from '../../components/ui/page-spinner';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { isTitleId } from '../../features/catalogue/api/title-id';
import {
  type EpisodeOptions,
  type TitleDetailKind,
  TitleDetailView,
} from '../../features/catalogue/components/title-detail-view';
import type { EpisodeChoice } from '../../features/catalogue/player';
import { TitleNotFound } from '../../features/catalogue/components/title-not-found';
import { movieDetail, tvDetail } from '../../features/catalogue/title-detail-kinds';
import { useRecordView } from '../../features/library/api/record-view';
import { LibraryToggles } from '../../features/library/components/library-toggles';
import type { LibraryTitle } from '../../features/library/list-membership';
import { useTitleProgress } from '../../features/up-next/api/up-next-api';
import { MarkEpisodeButtons } from '../../features/up-next/components/mark-episode-buttons';
import { NotInterestedButton } from '../../features/up-next/components/not-interested-button';
import { publicOrigin } from '../../lib/server-head';

/** A title from the catalogue with the member's list buttons, its player and the watch history. */
function TitleDetailPage<Title extends Movie | TvShow>({ kind }: { readonly kind: TitleDetailKind<Title> }) {
  const { id } = useParams();
  const { pathname } = useLocation();
  // The query's answer re-renders at once and in one piece (the query library's store updates are
  // synchronous); deferred, the page with its answer renders in slices that yield to the browser.
  const query = useDeferredValue(kind.useTitle(id));
  const data = query.data;
  const libraryTitle = useMemo<LibraryTitle | null>(
    () =>
      data
        ? { contentId: data.id, contentType: kind.type, title: kind.name(data), poster: data.poster_path }
        : null,
    [data, kind],
  );
  const episodes = useEpisodeOptions(kind.type === 'tv' ? id : undefined, libraryTitle);
  // A show's view names its episode, so it is recorded once the player has opened one.
  const recordView = useRecordView(
    kind.type === 'tv'
      ? episodes.opened && libraryTitle && { ...libraryTitle, episode: episodes.opened }
      : libraryTitle,
  );

  if (isTitleId(id) && query.isPending) return <PageSpinner label={kind.loadingLabel} />;
  if (!data || !libraryTitle) {
    return (
      <>
        <PageHeadTags head={notFoundHead(pathname, kind.notFound.message)} />
        <TitleNotFound {...kind.notFound} />
      </>
    );
  }

  return (
    <>
      <PageHeadTags head={titleHead(publicOrigin(), kind.type, data)} />
      <TitleDetailView
        // A new title starts on the default server (and a show on its first episode) again.
        key={data.id}
        kind={kind}
        title={data}
        actions={
          <>
            <LibraryToggles {...libraryTitle} />
            <NotInterestedButton title={libraryTitle} />
          </>
        }
        adTop={<AdSlot position="details-top" />}
        adSidebar={<AdSlot position="details-sidebar" />}
        adBottom={<AdSlot position="details-bottom" />}
        onServerSelect={recordView}
        {...(kind.type === 'tv' ? { episodes: episodes.options } : {})}
      />
    </>
  );
}

/** A whole number of at least 1 from the address, or null. */
const positive = (text: string | null) =>
  text && /^\d{1,5}$/.test(text) && Number(text) >= 1 ? Number(text) : null;

/**
 * A show's page: it starts at the episode the address names (`?season=2&episode=1`, from
 * "Continue Watching"), else at the member's next episode, else at the first; the episode opened
 * is recorded with the view, and the member can mark episodes watched under the player.
 */
function useEpisodeOptions(id: string | undefined, title: LibraryTitle | null) {
  const [searchParams] = useSearchParams();
  const { progress, settled } = useTitleProgress('tv', id);
  const [opened, setOpened] = useState<{ id: string; choice: EpisodeChoice } | null>(null);
  const season = positive(searchParams.get('season'));
  const episode = positive(searchParams.get('episode'));
  const fromAddress = season !== null ? { season, episode: episode ?? 1 } : null;
  const current = opened && opened.id === id ? opened.choice : null;
  const onOpen = useCallback(
    (choice: EpisodeChoice) =>
      setOpened((before) =>
        id === undefined
          ? null
          : before?.id === id &&
              before.choice.season === choice.season &&
              before.choice.episode === choice.episode
            ? before
            : { id, choice },
      ),
    [id],
  );
  const options = useMemo<EpisodeOptions>(
    () => ({
      // Once an episode is open it stays, whatever the member's marks change, until another is picked.
      startAt: current ?? fromAddress ?? progress?.next ?? null,
      ready: fromAddress !== null || settled,
      onOpen,
      actions: (choice) => title && <MarkEpisodeButtons title={title} episode={choice} />,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the episodes by value
    [
      current?.season,
      current?.episode,
      fromAddress?.season,
      fromAddress?.episode,
      progress?.next?.season,
      progress?.next?.episode,
      settled,
      onOpen,
      title,
    ],
  );
  return { options, opened: current };
}

/** /movies/{id} */
export function MovieDetailPage() {
  return <TitleDetailPage kind={movieDetail} />;
}

/** /tv-shows/{id}: the show with its episode picker. */
export function TvDetailPage() {
  return <TitleDetailPage kind={tvDetail} />;
}
