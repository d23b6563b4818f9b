import { AdSlot } from '../../features/ads/components/ad-slot';
import { MovieListing } from '../../features/catalogue/components/catalogue-listing';
import { useNotInterestedCards } from '../../features/up-next/components/not-interested-button';

export function MoviesPage() {
  // The listing writes the page's head: it knows the titles its ItemList names.
  const cardAction = useNotInterestedCards();
  return <MovieListing cardAction={cardAction} banner={<AdSlot position="movies-top" />} />;
}
