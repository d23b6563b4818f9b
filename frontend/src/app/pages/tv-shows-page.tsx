import { siteName } from '../../config/site';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { TvShowListing } from '../../features/catalogue/components/catalogue-listing';

export function TvShowsPage() {
  return (
    <>
      <title>{`TV Shows · Stream free · ${siteName}`}</title>
      <TvShowListing banner={<AdSlot position="tv-top" />} />
    </>
  );
}
