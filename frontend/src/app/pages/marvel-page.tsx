import { LuShield } from 'react-icons/lu';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { useLandingMovies } from '../../features/catalogue/api/get-landing-movies';
import { ListPageHead } from '../../features/catalogue/components/list-page-head';
import { LandingPageView } from '../../features/catalogue/components/landing-page-view';
import { marvelMovies, marvelPoolFilters } from '../../features/catalogue/landing-pages';
import { summarizeMovie } from '../../features/catalogue/title-summary';

/** /marvel-movies: the Marvel films among the 100 most popular movies. */
export function MarvelPage() {
  const { isPending, movies } = useLandingMovies(marvelPoolFilters);
  return (
    <>
      <ListPageHead titles={movies} />
      <LandingPageView
        eyebrow="Top Lists"
        heading="Marvel Movies"
        description="Avengers, X-Men, Spider-Man and the rest of the Marvel heroes: the most popular Marvel movies, free to stream."
        icon={LuShield}
        topAd={<AdSlot position="marvel-movies-top" />}
        isPending={isPending}
        titles={marvelMovies(movies).map(summarizeMovie)}
        emptyText="No Marvel movies yet"
      />
    </>
  );
}
