import { useParams } from 'react-router-dom';
import { LuCalendarDays } from 'react-icons/lu';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { useLandingMovies } from '../../features/catalogue/api/get-landing-movies';
import { ListPageHead } from '../../features/catalogue/components/list-page-head';
import { LandingPageView } from '../../features/catalogue/components/landing-page-view';
import { isCatalogueYear, yearLandingFilters } from '../../features/catalogue/landing-pages';
import { summarizeMovie } from '../../features/catalogue/title-summary';
import { parseYearPage, yearPagePath } from '../routes';
import { NotFoundPage } from './not-found-page';

function YearLanding({ year }: { readonly year: number }) {
  // The list refuses years it cannot hold (before 1800, after 2100): nothing to ask for then.
  const askable = isCatalogueYear(year);
  const { isPending, movies } = useLandingMovies(yearLandingFilters(year), askable);
  const heading = `Best Movies of ${year}`;
  return (
    <>
      <ListPageHead titles={movies} />
      <LandingPageView
        eyebrow={`Released in ${year}`}
        heading={heading}
        description={`The most popular movies released in ${year}, free to stream.`}
        icon={LuCalendarDays}
        topAd={<AdSlot position={`${yearPagePath(year).slice(1)}-top`} />}
        isPending={isPending}
        titles={movies.map(summarizeMovie)}
        emptyText={`No movies from ${year} yet`}
        emptyHint="Try another year, or browse the whole catalogue."
      />
    </>
  );
}

/**
 * /movies-{year}. Its route is the catch-all single segment, so anything else that reaches it
 * (`/movies-abc`, `/no-such-page`) is a page that does not exist.
 */
export function YearPage() {
  const year = parseYearPage(useParams().yearPage);
  if (year === null) return <NotFoundPage />;
  return <YearLanding key={year} year={year} />;
}
