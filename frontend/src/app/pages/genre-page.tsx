import { useLocation } from 'react-router-dom';
import type { GenrePage as GenrePageEntry } from '../../config/genres';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { useLandingMovies } from '../../features/catalogue/api/get-landing-movies';
import {
  FaqSection,
  OtherGenresSection,
  WhyWatchSection,
} from '../../features/catalogue/components/genre-landing-sections';
import { ListPageHead } from '../../features/catalogue/components/list-page-head';
import { LandingPageView } from '../../features/catalogue/components/landing-page-view';
import { useNotInterestedCards } from '../../features/up-next/components/not-interested-button';
import { genreFaq, genreLandingContent } from '../../features/catalogue/genre-landing-content';
import { genrePageForPath, landingFilters, otherGenrePages } from '../../features/catalogue/landing-pages';
import { summarizeMovie } from '../../features/catalogue/title-summary';
import { useListPage } from '../../features/catalogue/use-list-page';
import { NotFoundPage } from './not-found-page';

function GenreLanding({ genre }: { readonly genre: GenrePageEntry }) {
  const cardAction = useNotInterestedCards();
  const page = useListPage();
  const content = genreLandingContent[genre.slug];
  const { isPending, movies } = useLandingMovies(landingFilters(page.list));
  // Named after the page: /action-movies has action-movies-top and action-movies-bottom.
  const slot = genre.path.slice(1);
  return (
    <>
      <ListPageHead titles={movies} />
      <LandingPageView
        cardAction={cardAction}
        eyebrow="Genre"
        heading={page.heading}
        description={page.description}
        icon={content.icon}
        topAd={<AdSlot position={`${slot}-top`} />}
        bottomAd={<AdSlot position={`${slot}-bottom`} />}
        isPending={isPending}
        titles={movies.map(summarizeMovie)}
        emptyText={`No ${genre.label.toLowerCase()} movies yet`}
        emptyHint="New titles are added all the time. Check back soon or browse another genre."
      >
        <WhyWatchSection label={genre.label} reasons={content.whyWatch} />
        <FaqSection entries={genreFaq(genre.label)} />
        <OtherGenresSection genres={otherGenrePages(genre.slug)} />
      </LandingPageView>
    </>
  );
}

/** /action-movies … /fantasy-movies: the 50 most popular movies of the genre, with its story. */
export function GenrePage() {
  const { pathname } = useLocation();
  const genre = genrePageForPath(pathname);
  if (!genre) return <NotFoundPage />;
  return <GenreLanding key={genre.slug} genre={genre} />;
}
