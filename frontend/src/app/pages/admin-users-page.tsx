import { SitePageHead } from '../../components/ui/site-page-head';
import { AdminUsersManager } from '../../features/admin-users/components/admin-users-manager';

export function AdminUsersPage() {
  return (
    <>
      <SitePageHead page="adminUsers" />
      <AdminUsersManager />
    </>
  );
}
