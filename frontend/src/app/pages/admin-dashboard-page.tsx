import { siteName } from '../../config/site';
import { AdminDashboard } from '../../features/admin-dashboard/components/admin-dashboard';

/** /admin: marked noindex, nofollow by the admin layout around it. */
export function AdminDashboardPage() {
  return (
    <>
      <title>{`Dashboard · Admin · ${siteName}`}</title>
      <AdminDashboard />
    </>
  );
}
