import type { SlotAd } from '@cinefold/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adKeys } from './ad-keys';

export function fetchSlotAds(position: string): Promise<SlotAd[]> {
  return apiClient.get<SlotAd[]>('/ads', { query: { position } });
}

export function getSlotAdsQueryOptions(position: string) {
  return queryOptions({
    queryKey: adKeys.slot(position),
    queryFn: () => fetchSlotAds(position),
    // A slot that cannot load shows nothing (spec section 8); asking again only delays the page.
    retry: false,
    // Each display asks again: an answer's display ids are for one display only (see AdSlot).
    staleTime: 0,
  });
}

export function useSlotAds(position: string, enabled: boolean) {
  return useQuery({ ...getSlotAdsQueryOptions(position), enabled });
}
