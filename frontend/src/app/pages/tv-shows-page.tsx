import { AdSlot } from '../../features/ads/components/ad-slot';
import { TvShowListing } from '../../features/catalogue/components/catalogue-listing';

export function TvShowsPage() {
  // The listing writes the page's head: it knows the titles its ItemList names.
  return <TvShowListing banner={<AdSlot position="tv-top" />} />;
}
