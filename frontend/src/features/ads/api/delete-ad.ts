import { apiClient } from '../../../lib/api-client';
import { useChangeMutation } from '../../../lib/change-mutation';
import { adKeys } from './ad-keys';

export function deleteAd(adId: string): Promise<unknown> {
  return apiClient.delete(`/admin/ads/${encodeURIComponent(adId)}`);
}

export function useDeleteAd() {
  return useChangeMutation(deleteAd, adKeys.all);
}
