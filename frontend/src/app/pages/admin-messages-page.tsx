import { SitePageHead } from '../../components/ui/site-page-head';
import { AdminMessagesManager } from '../../features/admin-messages/components/admin-messages-manager';

export function AdminMessagesPage() {
  return (
    <>
      <SitePageHead page="adminMessages" />
      <AdminMessagesManager />
    </>
  );
}
