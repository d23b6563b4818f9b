import { siteName } from '../../config/site';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { MovieListing } from '../../features/catalogue/components/catalogue-listing';

export function MoviesPage() {
  return (
    <>
      <title>{`Movies · Stream free · ${siteName}`}</title>
      <MovieListing banner={<AdSlot position="movies-top" />} />
    </>
  );
}
