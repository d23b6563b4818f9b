import { LuFlame } from 'react-icons/lu';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { useLandingMovies } from '../../features/catalogue/api/get-landing-movies';
import { ListPageHead } from '../../features/catalogue/components/list-page-head';
import { LandingPageView } from '../../features/catalogue/components/landing-page-view';
import { trendingFilters } from '../../features/catalogue/landing-pages';
import { summarizeMovie } from '../../features/catalogue/title-summary';

/** /trending-movies: the 50 most popular movies right now. */
export function TrendingPage() {
  const { isPending, movies } = useLandingMovies(trendingFilters);
  return (
    <>
      <ListPageHead titles={movies} />
      <LandingPageView
        eyebrow="Top Lists"
        heading="Trending Movies"
        description="What everyone is watching right now: the most popular movies on the site, free to stream."
        icon={LuFlame}
        topAd={<AdSlot position="trending-movies-top" />}
        isPending={isPending}
        titles={movies.map(summarizeMovie)}
        emptyText="No trending movies yet"
      />
    </>
  );
}
