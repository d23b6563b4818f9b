import type { AuditAction, AuditResponse } from '@cinefold/contracts';
import { useQuery } from '@tanstack/react-query';
import { pagedListQuery } from '../../../lib/paged-list-query';

export interface AuditFilters {
  readonly page: number;
  readonly admin?: string | undefined;
  readonly action?: AuditAction | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

export const auditKeys = {
  all: ['admin-audit'] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, filters] as const,
};

export function useAudit(filters: AuditFilters) {
  return useQuery(pagedListQuery<AuditResponse>(auditKeys.list(filters), '/admin/audit', { ...filters }));
}
