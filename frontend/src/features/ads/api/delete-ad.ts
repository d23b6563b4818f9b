import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adKeys } from './ad-keys';

export function deleteAd(adId: string): Promise<unknown> {
  return apiClient.delete(`/admin/ads/${encodeURIComponent(adId)}`);
}

export function useDeleteAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAd,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adKeys.all }),
  });
}
