import type { DashboardStatsResponse } from '@cinefold/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

export function fetchDashboardStats(): Promise<DashboardStatsResponse> {
  return apiClient.get<DashboardStatsResponse>('/admin/stats', { query: { fast: 1 } });
}

export function getDashboardStatsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.stats(),
    queryFn: fetchDashboardStats,
    // The live stream keeps the figures fresh; a failed load is shown as the page without them.
    staleTime: Infinity,
    retry: false,
  });
}

export function useDashboardStats() {
  return useQuery(getDashboardStatsQueryOptions());
}
