import { AdSlot } from '../../features/ads/components/ad-slot';
import { MovieListing } from '../../features/catalogue/components/catalogue-listing';

export function MoviesPage() {
  // The listing writes the page's head: it knows the titles its ItemList names.
  return <MovieListing banner={<AdSlot position="movies-top" />} />;
}
