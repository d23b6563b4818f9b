import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/page-spinner';
import { siteName } from '../../config/site';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { useMovie } from '../../features/catalogue/api/get-movie';
import { isTitleId } from '../../features/catalogue/api/title-id';
import { MovieDetailView } from '../../features/catalogue/components/movie-detail-view';
import { TitleNotFound } from '../../features/catalogue/components/title-not-found';
import { yearOf } from '../../features/catalogue/title-summary';
import { useRecordView } from '../../features/library/api/record-view';
import { LibraryToggles } from '../../features/library/components/library-toggles';
import type { LibraryTitle } from '../../features/library/list-membership';

/** /movies/{id}: the catalogue's movie with the member's list buttons and watch history. */
export function MovieDetailPage() {
  const { id } = useParams();
  const movie = useMovie(id);
  const data = movie.data;
  const libraryTitle = useMemo<LibraryTitle | null>(
    () =>
      data ? { contentId: data.id, contentType: 'movie', title: data.title, poster: data.poster_path } : null,
    [data],
  );
  const recordView = useRecordView(libraryTitle);

  if (isTitleId(id) && movie.isPending) return <PageSpinner label="Loading the movie" />;
  if (!data || !libraryTitle) {
    return (
      <>
        <title>{`Movie not found · ${siteName}`}</title>
        <TitleNotFound message="Movie not found" backTo="/movies" backLabel="Browse movies" />
      </>
    );
  }

  const year = yearOf(data.release_date);
  return (
    <>
      <title>{`${data.title}${year ? ` (${year})` : ''} · Watch free · ${siteName}`}</title>
      <MovieDetailView
        // A new movie starts on the default server again.
        key={data.id}
        movie={data}
        actions={<LibraryToggles {...libraryTitle} />}
        adTop={<AdSlot position="details-top" />}
        adSidebar={<AdSlot position="details-sidebar" />}
        adBottom={<AdSlot position="details-bottom" />}
        onServerSelect={recordView}
      />
    </>
  );
}
