import { siteName } from '../../config/site';
import { AdminUsersManager } from '../../features/admin-users/components/admin-users-manager';

export function AdminUsersPage() {
  return (
    <>
      <title>{`Users · Admin · ${siteName}`}</title>
      <AdminUsersManager />
    </>
  );
}
