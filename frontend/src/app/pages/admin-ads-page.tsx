import { siteName } from '../../config/site';
import { AdminAdsManager } from '../../features/ads/components/admin-ads-manager';

export function AdminAdsPage() {
  return (
    <>
      <title>{`Ads · Admin · ${siteName}`}</title>
      <AdminAdsManager />
    </>
  );
}
