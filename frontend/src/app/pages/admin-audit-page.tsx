import { SitePageHead } from '../../components/ui/site-page-head';
import { AuditLog } from '../../features/admin-audit/components/audit-log';

export function AdminAuditPage() {
  return (
    <>
      <SitePageHead page="adminAudit" />
      <AuditLog />
    </>
  );
}
