import { siteName } from '../../config/site';
import { AuditLog } from '../../features/admin-audit/components/audit-log';

export function AdminAuditPage() {
  return (
    <>
      <title>{`Audit · Admin · ${siteName}`}</title>
      <AuditLog />
    </>
  );
}
