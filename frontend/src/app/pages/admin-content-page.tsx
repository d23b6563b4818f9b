import { siteName } from '../../config/site';
import { AdminContentManager } from '../../features/admin-content/components/admin-content-manager';

export function AdminContentPage() {
  return (
    <>
      <title>{`Content · Admin · ${siteName}`}</title>
      <AdminContentManager />
    </>
  );
}
