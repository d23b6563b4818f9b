import { SitePageHead } from '../../components/ui/site-page-head';
import { AdminContentManager } from '../../features/admin-content/components/admin-content-manager';

export function AdminContentPage() {
  return (
    <>
      <SitePageHead page="adminContent" />
      <AdminContentManager />
    </>
  );
}
