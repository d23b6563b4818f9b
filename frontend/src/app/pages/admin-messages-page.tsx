import { siteName } from '../../config/site';
import { AdminMessagesManager } from '../../features/admin-messages/components/admin-messages-manager';

export function AdminMessagesPage() {
  return (
    <>
      <title>{`Messages · Admin · ${siteName}`}</title>
      <AdminMessagesManager />
    </>
  );
}
