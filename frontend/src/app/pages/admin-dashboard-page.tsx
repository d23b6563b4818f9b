import { SitePageHead } from '../../components/ui/site-page-head';
import { AdminDashboard } from '../../features/admin-dashboard/components/admin-dashboard';

/** /admin: marked noindex, nofollow by the admin layout around it. */
export function AdminDashboardPage() {
  return (
    <>
      <SitePageHead page="adminDashboard" />
      <AdminDashboard />
    </>
  );
}
