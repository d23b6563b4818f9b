import { type Movie, notFoundHead, titleHead, type TvShow } from '@cinefold/contracts';
import { useDeferredValue, useMemo } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { PageHeadTags } from '../../components/ui/page-head-tags';
import { PageSpinner } from '../../components/ui/page-spinner';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { isTitleId } from '../../features/catalogue/api/title-id';
import { type TitleDetailKind, TitleDetailView } from '../../features/catalogue/components/title-detail-view';
import { TitleNotFound } from '../../features/catalogue/components/title-not-found';
import { movieDetail, tvDetail } from '../../features/catalogue/title-detail-kinds';
import { useRecordView } from '../../features/library/api/record-view';
import { LibraryToggles } from '../../features/library/components/library-toggles';
import type { LibraryTitle } from '../../features/library/list-membership';
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
  const recordView = useRecordView(libraryTitle);

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
        actions={<LibraryToggles {...libraryTitle} />}
        adTop={<AdSlot position="details-top" />}
        adSidebar={<AdSlot position="details-sidebar" />}
        adBottom={<AdSlot position="details-bottom" />}
        onServerSelect={recordView}
      />
    </>
  );
}

/** /movies/{id} */
export function MovieDetailPage() {
  return <TitleDetailPage kind={movieDetail} />;
}

/** /tv-shows/{id}: the show with its episode picker. */
export function TvDetailPage() {
  return <TitleDetailPage kind={tvDetail} />;
}
