import { LuFlame } from 'react-icons/lu';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { useLandingMovies } from '../../features/catalogue/api/get-landing-movies';
import { ListPageHead } from '../../features/catalogue/components/list-page-head';
import { LandingPageView } from '../../features/catalogue/components/landing-page-view';
import { useNotInterestedCards } from '../../features/up-next/components/not-interested-button';
import { landingFilters } from '../../features/catalogue/landing-pages';
import { summarizeMovie } from '../../features/catalogue/title-summary';
import { useListPage } from '../../features/catalogue/use-list-page';

/** /trending-movies: the 50 most popular movies right now. */
export function TrendingPage() {
  const cardAction = useNotInterestedCards();
  const page = useListPage();
  const { isPending, movies } = useLandingMovies(landingFilters(page.list));
  return (
    <>
      <ListPageHead titles={movies} />
      <LandingPageView
        cardAction={cardAction}
        eyebrow="Top Lists"
        heading={page.heading}
        description={page.description}
        icon={LuFlame}
        topAd={<AdSlot position="trending-movies-top" />}
        isPending={isPending}
        titles={movies.map(summarizeMovie)}
        emptyText="No trending movies yet"
      />
    </>
  );
}
