import { titleIdParams } from '@cinefold/contracts';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** True for an id the API can look up; anything else is not found without asking. */
export function isTitleId(id: string | undefined): id is string {
  return titleIdParams.safeParse({ id }).success;
}

/**
 * A query of what the API answers about one title (GET `path(id)`): an id it cannot look up asks
 * for nothing.
 */
export function useTitleQuery<Answer>(
  id: string | undefined,
  key: (id: string) => QueryKey,
  path: (id: string) => string,
) {
  const valid = isTitleId(id);
  const asked = valid ? id : '';
  return useQuery({
    queryKey: key(asked),
    queryFn: ({ signal }) => apiClient.get<Answer>(path(encodeURIComponent(asked)), { signal }),
    enabled: valid,
  });
}
