import type { AdInput, AdminAd } from '@cinefold/contracts';
import { apiClient } from '../../../lib/api-client';
import { useChangeMutation } from '../../../lib/change-mutation';
import { adKeys } from './ad-keys';

/** A new ad (no id) or the whole of an existing one; the toggle sends the ad as the list gave it. */
export interface AdSave {
  readonly id?: string;
  readonly ad: AdInput | AdminAd;
}

export function saveAd({ id, ad }: AdSave): Promise<unknown> {
  return id === undefined
    ? apiClient.post('/admin/ads', ad)
    : apiClient.put(`/admin/ads/${encodeURIComponent(id)}`, ad);
}

export function useSaveAd() {
  return useChangeMutation(saveAd, adKeys.all);
}
