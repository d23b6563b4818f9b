import { SitePageHead } from '../../components/ui/site-page-head';
import { OperationsConsole } from '../../features/admin-operations/components/operations-console';

export function AdminOperationsPage() {
  return (
    <>
      <SitePageHead page="adminOperations" />
      <OperationsConsole />
    </>
  );
}
