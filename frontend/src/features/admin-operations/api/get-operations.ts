import type { OperationsResponse } from '@cinefold/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** How often the console asks again: events per second are worked out between polls. */
export const OPERATIONS_POLL_MS = 2000;

export const operationsKeys = {
  all: ['admin-operations'] as const,
};

export function fetchOperations(): Promise<OperationsResponse> {
  return apiClient.get<OperationsResponse>('/admin/operations');
}

export function getOperationsQueryOptions() {
  return queryOptions({
    queryKey: operationsKeys.all,
    queryFn: fetchOperations,
    refetchInterval: OPERATIONS_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export function useOperations() {
  return useQuery(getOperationsQueryOptions());
}
