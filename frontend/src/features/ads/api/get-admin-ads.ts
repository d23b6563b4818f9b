import type { AdminAd } from '@cinefold/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adKeys } from './ad-keys';

export function fetchAdminAds(): Promise<AdminAd[]> {
  return apiClient.get<AdminAd[]>('/admin/ads');
}

export function getAdminAdsQueryOptions() {
  return queryOptions({ queryKey: adKeys.admin(), queryFn: fetchAdminAds });
}

export function useAdminAds() {
  return useQuery(getAdminAdsQueryOptions());
}
