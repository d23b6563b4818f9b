import type { PlayerTemplates, SiteConfigResponse } from '@cinefold/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * The site's run-time settings (the player servers' templates), set by the operator when the
 * server starts, not when the pages are built: read once per visit.
 */
export function fetchSiteConfig(signal?: AbortSignal): Promise<SiteConfigResponse> {
  return apiClient.get<SiteConfigResponse>('/config', { signal });
}

export const siteConfigKeys = { all: ['site-config'] as const };

export function getSiteConfigQueryOptions() {
  return queryOptions({
    queryKey: siteConfigKeys.all,
    queryFn: ({ signal }) => fetchSiteConfig(signal),
    staleTime: Infinity,
  });
}

/** The players' templates; undefined while they are asked for, none configured if they could not be. */
export function usePlayerTemplates(): PlayerTemplates | undefined {
  const config = useQuery(getSiteConfigQueryOptions());
  if (config.isError) return { movie: { 1: null, 2: null }, tv: { 1: null, 2: null } };
  return config.data?.players;
}
