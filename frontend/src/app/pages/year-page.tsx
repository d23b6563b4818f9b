import { href, pageAt, trimTrailingSlashes } from '@cinefold/contracts';
import { useLocation } from 'react-router-dom';
import { LuCalendarDays } from 'react-icons/lu';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { useLandingMovies } from '../../features/catalogue/api/get-landing-movies';
import { ListPageHead } from '../../features/catalogue/components/list-page-head';
import { LandingPageView } from '../../features/catalogue/components/landing-page-view';
import { useNotInterestedCards } from '../../features/up-next/components/not-interested-button';
import { isCatalogueYear, landingFilters } from '../../features/catalogue/landing-pages';
import { summarizeMovie } from '../../features/catalogue/title-summary';
import { useListPage } from '../../features/catalogue/use-list-page';
import { NotFoundPage } from './not-found-page';

function YearLanding({ year }: { readonly year: number }) {
  const cardAction = useNotInterestedCards();
  const page = useListPage();
  // The list refuses years it cannot hold (before 1800, after 2100): nothing to ask for then.
  const askable = isCatalogueYear(year);
  const { isPending, movies } = useLandingMovies(landingFilters(page.list), askable);
  return (
    <>
      <ListPageHead titles={movies} />
      <LandingPageView
        cardAction={cardAction}
        eyebrow={`Released in ${year}`}
        heading={page.heading}
        description={page.description}
        icon={LuCalendarDays}
        topAd={<AdSlot position={`${href('year', { year }).slice(1)}-top`} />}
        isPending={isPending}
        titles={movies.map(summarizeMovie)}
        emptyText={`No movies from ${year} yet`}
        emptyHint="Try another year, or browse the whole catalogue."
      />
    </>
  );
}

/**
 * /movies-{year}. Its route is the catch-all single segment (see the site map's
 * `wholeSegmentPaths`), so anything else that reaches it (`/movies-abc`, `/no-such-page`) is a
 * page that does not exist.
 */
export function YearPage() {
  const page = pageAt(trimTrailingSlashes(useLocation().pathname));
  if (page?.id !== 'year') return <NotFoundPage />;
  return <YearLanding key={page.params.year} year={page.params.year} />;
}
