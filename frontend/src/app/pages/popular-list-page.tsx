import type { Movie } from '@cinefold/contracts';
import type { IconType } from 'react-icons';
import { LuFlame, LuShield } from 'react-icons/lu';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { useLandingMovies } from '../../features/catalogue/api/get-landing-movies';
import { ListPageHead } from '../../features/catalogue/components/list-page-head';
import { LandingPageView } from '../../features/catalogue/components/landing-page-view';
import { landingFilters, marvelMovies } from '../../features/catalogue/landing-pages';
import { summarizeMovie } from '../../features/catalogue/title-summary';
import { useListPage } from '../../features/catalogue/use-list-page';
import { useNotInterestedCards } from '../../features/up-next/components/not-interested-button';

interface PopularListProps {
  readonly icon: IconType;
  /** The movies the page shows of the site map's list (all of them by default). */
  readonly pick?: (movies: readonly Movie[]) => readonly Movie[];
  readonly emptyText: string;
}

/**
 * A top list drawn from the most popular movies: its heading, words and list come from the site
 * map; its slot is named after its path (/trending-movies has trending-movies-top).
 */
function PopularListPage({ icon, pick = (movies) => movies, emptyText }: PopularListProps) {
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
        icon={icon}
        topAd={<AdSlot position={`${page.path.slice(1)}-top`} />}
        isPending={isPending}
        titles={pick(movies).map(summarizeMovie)}
        emptyText={emptyText}
      />
    </>
  );
}

/** /trending-movies: the 50 most popular movies right now. */
export function TrendingPage() {
  return <PopularListPage icon={LuFlame} emptyText="No trending movies yet" />;
}

/** /marvel-movies: the Marvel films among the 100 most popular movies. */
export function MarvelPage() {
  return <PopularListPage icon={LuShield} pick={marvelMovies} emptyText="No Marvel movies yet" />;
}
