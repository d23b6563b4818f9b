import type { SearchSuggestions } from '@cinefold/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { suggestionKeys } from './catalogue-keys';

/** Suggestions are asked for from this many characters: one letter matches too much to help. */
export const SUGGEST_FROM = 2;

/** The titles the header's search box suggests for what has been typed so far. */
export function useSuggestions(search: string) {
  const q = search.trim();
  return useQuery({
    queryKey: suggestionKeys.of(q),
    queryFn: ({ signal }) =>
      apiClient.get<SearchSuggestions>('/search/suggestions', { query: { q, limit: 5 }, signal }),
    enabled: q.length >= SUGGEST_FROM,
    // The last answer stays while the next one loads: the list does not flicker as one types.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
