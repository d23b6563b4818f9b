import { siteName } from '../../config/site';
import { OperationsConsole } from '../../features/admin-operations/components/operations-console';

export function AdminOperationsPage() {
  return (
    <>
      <title>{`Operations · Admin · ${siteName}`}</title>
      <OperationsConsole />
    </>
  );
}
