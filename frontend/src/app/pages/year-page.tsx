import { href, pageAt, trimTrailingSlashes } from '@cinefold/contracts';
import { useLocation } from 'react-router-dom';
import { LuCalendarDays } from 'react-icons/lu';
import { isCatalogueYear } from '../../features/catalogue/landing-pages';
import { MovieLanding } from './movie-landing';
import { NotFoundPage } from './not-found-page';

function YearLanding({ year }: { readonly year: number }) {
  return (
    <MovieLanding
      eyebrow={`Released in ${year}`}
      icon={LuCalendarDays}
      slot={href('year', { year }).slice(1)}
      // The list refuses years it cannot hold (before 1800, after 2100): nothing to ask for then.
      askable={isCatalogueYear(year)}
      emptyText={`No movies from ${year} yet`}
      emptyHint="Try another year, or browse the whole catalogue."
    />
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
