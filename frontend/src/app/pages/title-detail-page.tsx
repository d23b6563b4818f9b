import type { Movie, TvShow } from '@cinefold/contracts';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/page-spinner';
import { siteName } from '../../config/site';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { isTitleId } from '../../features/catalogue/api/title-id';
import { type TitleDetailKind, TitleDetailView } from '../../features/catalogue/components/title-detail-view';
import { TitleNotFound } from '../../features/catalogue/components/title-not-found';
import { movieDetail, tvDetail } from '../../features/catalogue/title-detail-kinds';
import { yearOf } from '../../features/catalogue/title-summary';
import { useRecordView } from '../../features/library/api/record-view';
import { LibraryToggles } from '../../features/library/components/library-toggles';
import type { LibraryTitle } from '../../features/library/list-membership';

/** A title from the catalogue with the member's list buttons, its player and the watch history. */
function TitleDetailPage<Title extends Movie | TvShow>({ kind }: { readonly kind: TitleDetailKind<Title> }) {
  const { id } = useParams();
  const query = kind.useTitle(id);
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
        <title>{`${kind.notFound.message} · ${siteName}`}</title>
        <TitleNotFound {...kind.notFound} />
      </>
    );
  }

  const name = kind.name(data);
  const year = yearOf(kind.date(data));
  return (
    <>
      <title>{`${name}${year ? ` (${year})` : ''} · Watch free · ${siteName}`}</title>
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
