import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/page-spinner';
import { siteName } from '../../config/site';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { isTitleId } from '../../features/catalogue/api/title-id';
import { useTvShow } from '../../features/catalogue/api/get-tv-show';
import { TitleNotFound } from '../../features/catalogue/components/title-not-found';
import { TvDetailView } from '../../features/catalogue/components/tv-detail-view';
import { yearOf } from '../../features/catalogue/title-summary';
import { useRecordView } from '../../features/library/api/record-view';
import { LibraryToggles } from '../../features/library/components/library-toggles';
import type { LibraryTitle } from '../../features/library/list-membership';

/** /tv-shows/{id}: the show, its episode picker and player, with the member's list buttons. */
export function TvDetailPage() {
  const { id } = useParams();
  const show = useTvShow(id);
  const data = show.data;
  const libraryTitle = useMemo<LibraryTitle | null>(
    () =>
      data ? { contentId: data.id, contentType: 'tv', title: data.name, poster: data.poster_path } : null,
    [data],
  );
  const recordView = useRecordView(libraryTitle);

  if (isTitleId(id) && show.isPending) return <PageSpinner label="Loading the show" />;
  if (!data || !libraryTitle) {
    return (
      <>
        <title>{`TV show not found · ${siteName}`}</title>
        <TitleNotFound message="TV show not found" backTo="/tv-shows" backLabel="Browse TV shows" />
      </>
    );
  }

  const year = yearOf(data.first_air_date);
  return (
    <>
      <title>{`${data.name}${year ? ` (${year})` : ''} · Watch free · ${siteName}`}</title>
      <TvDetailView
        key={data.id}
        show={data}
        actions={<LibraryToggles {...libraryTitle} />}
        adTop={<AdSlot position="details-top" />}
        adSidebar={<AdSlot position="details-sidebar" />}
        adBottom={<AdSlot position="details-bottom" />}
        onServerSelect={recordView}
      />
    </>
  );
}
