import type { AuditAction, AuditResponse } from '@cinefold/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const AUDIT_PAGE_SIZE = 20;

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

export function fetchAudit(filters: AuditFilters): Promise<AuditResponse> {
  return apiClient.get<AuditResponse>('/admin/audit', { query: { ...filters, limit: AUDIT_PAGE_SIZE } });
}

export function getAuditQueryOptions(filters: AuditFilters) {
  return queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: () => fetchAudit(filters),
    placeholderData: keepPreviousData,
  });
}

export function useAudit(filters: AuditFilters) {
  return useQuery(getAuditQueryOptions(filters));
}
