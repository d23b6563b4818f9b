import { auditQuery } from '@cinefold/contracts';
import type { AuditFilters } from './api/get-audit';

/**
 * The filters in the address, read with the API's own rules: a filter the API would refuse is
 * dropped (one bad parameter does not empty the page), so a shared link always shows something.
 */
export function auditFiltersFrom(params: URLSearchParams): AuditFilters {
  const filters: Record<string, string> = {};
  for (const name of ['page', 'admin', 'action', 'from', 'to']) {
    const value = params.get(name);
    if (value && auditQuery.safeParse({ [name]: value }).success) filters[name] = value;
  }
  const parsed = auditQuery.safeParse(filters);
  const { page, admin, action, from, to } = parsed.success ? parsed.data : { page: 1 };
  return { page, admin, action, from, to };
}
