import type { Movie } from '@cinefold/contracts';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { useLandingMovies } from '../../features/catalogue/api/get-landing-movies';
import { LandingPageView } from '../../features/catalogue/components/landing-page-view';
import { ListPageHead } from '../../features/catalogue/components/list-page-head';
import { landingFilters } from '../../features/catalogue/landing-pages';
import { summarizeMovie } from '../../features/catalogue/title-summary';
import { useListPage } from '../../features/catalogue/use-list-page';
import { useNotInterestedCards } from '../../features/up-next/components/not-interested-button';

export interface MovieLandingProps {
  readonly eyebrow: string;
  readonly icon: IconType;
  /** What the page's ad slots are named after (`action-movies` has action-movies-top); its path by default. */
  readonly slot?: string;
  /** The page has an ad at its end too, not only above the grid. */
  readonly bottomAd?: boolean;
  /** Whether the list can be asked for at all (a year the list holds). */
  readonly askable?: boolean;
  /** The movies the page shows of the site map's list (all of them by default). */
  readonly pick?: (movies: readonly Movie[]) => readonly Movie[];
  readonly emptyText: string;
  readonly emptyHint?: string;
  /** Sections under the grid (a genre's why-watch list and FAQ). */
  readonly children?: ReactNode;
}

/**
 * A landing page of movies from the site map's list at this address (a genre, a year, a top list):
 * its heading and words, its ads and the grid, each card with a member's "Not interested".
 */
export function MovieLanding({
  eyebrow,
  icon,
  slot,
  bottomAd = false,
  askable = true,
  pick = (movies) => movies,
  emptyText,
  emptyHint,
  children,
}: MovieLandingProps) {
  const cardAction = useNotInterestedCards();
  const page = useListPage();
  const { isPending, movies } = useLandingMovies(landingFilters(page.list), askable);
  const slotName = slot ?? page.path.slice(1);
  return (
    <>
      <ListPageHead titles={movies} />
      <LandingPageView
        cardAction={cardAction}
        eyebrow={eyebrow}
        heading={page.heading}
        description={page.description}
        icon={icon}
        topAd={<AdSlot position={`${slotName}-top`} />}
        bottomAd={bottomAd ? <AdSlot position={`${slotName}-bottom`} /> : undefined}
        isPending={isPending}
        titles={pick(movies).map(summarizeMovie)}
        emptyText={emptyText}
        emptyHint={emptyHint}
      >
        {children}
      </LandingPageView>
    </>
  );
}
