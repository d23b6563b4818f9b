import type { ActivityEntry } from '@cinefold/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { libraryKeys } from './library-keys';

export function fetchActivity(): Promise<ActivityEntry[]> {
  return apiClient.get<ActivityEntry[]>('/user/activity');
}

export function getActivityQueryOptions() {
  return queryOptions({ queryKey: libraryKeys.activity(), queryFn: fetchActivity });
}

export function useActivity() {
  return useQuery(getActivityQueryOptions());
}
