import { SitePageHead } from '../../components/ui/site-page-head';
import { AdminAdsManager } from '../../features/ads/components/admin-ads-manager';

export function AdminAdsPage() {
  return (
    <>
      <SitePageHead page="adminAds" />
      <AdminAdsManager />
    </>
  );
}
