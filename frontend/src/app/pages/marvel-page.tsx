import { LuShield } from 'react-icons/lu';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { useLandingMovies } from '../../features/catalogue/api/get-landing-movies';
import { ListPageHead } from '../../features/catalogue/components/list-page-head';
import { LandingPageView } from '../../features/catalogue/components/landing-page-view';
import { useNotInterestedCards } from '../../features/up-next/components/not-interested-button';
import { landingFilters, marvelMovies } from '../../features/catalogue/landing-pages';
import { summarizeMovie } from '../../features/catalogue/title-summary';
import { useListPage } from '../../features/catalogue/use-list-page';

/** /marvel-movies: the Marvel films among the 100 most popular movies. */
export function MarvelPage() {
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
        icon={LuShield}
        topAd={<AdSlot position="marvel-movies-top" />}
        isPending={isPending}
        titles={marvelMovies(movies).map(summarizeMovie)}
        emptyText="No Marvel movies yet"
      />
    </>
  );
}
