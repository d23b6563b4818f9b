import { AdSlot } from '../../features/ads/components/ad-slot';
import { TvShowListing } from '../../features/catalogue/components/catalogue-listing';
import { useNotInterestedCards } from '../../features/up-next/components/not-interested-button';

export function TvShowsPage() {
  // The listing writes the page's head: it knows the titles its ItemList names.
  const cardAction = useNotInterestedCards();
  return <TvShowListing cardAction={cardAction} banner={<AdSlot position="tv-top" />} />;
}
