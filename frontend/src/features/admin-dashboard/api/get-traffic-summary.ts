import type { TrafficSummaryResponse } from '@cinefold/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** The windows the Traffic panel offers; 7 is the spec's default (section 9). */
export const TRAFFIC_WINDOWS = [7, 30, 90] as const;
export type TrafficWindow = (typeof TRAFFIC_WINDOWS)[number];

export function fetchTrafficSummary(days: number): Promise<TrafficSummaryResponse> {
  return apiClient.get<TrafficSummaryResponse>('/analytics/admin/summary', { query: { days } });
}

export function getTrafficSummaryQueryOptions(days: number) {
  return queryOptions({
    queryKey: dashboardKeys.traffic(days),
    queryFn: () => fetchTrafficSummary(days),
    staleTime: Infinity,
    retry: false,
    // The chart stays on screen while another window loads.
    placeholderData: keepPreviousData,
  });
}

export function useTrafficSummary(days: number) {
  return useQuery(getTrafficSummaryQueryOptions(days));
}
