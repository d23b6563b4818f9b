import type { PublicAd } from '@cinefold/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adKeys } from './ad-keys';

export function fetchSlotAds(position: string): Promise<PublicAd[]> {
  return apiClient.get<PublicAd[]>('/ads', { query: { position } });
}

export function getSlotAdsQueryOptions(position: string) {
  return queryOptions({
    queryKey: adKeys.slot(position),
    queryFn: () => fetchSlotAds(position),
    // A slot that cannot load shows nothing (spec section 8); asking again only delays the page.
    retry: false,
  });
}

export function useSlotAds(position: string, enabled: boolean) {
  return useQuery({ ...getSlotAdsQueryOptions(position), enabled });
}
