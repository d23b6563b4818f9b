import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const MAX_RETRIES = 2;

/** A 4xx answer will not change by asking again; network trouble and 5xx might. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Catalogue pages answer a failed read with their empty or not-found state and no message
    // (spec section 8), so the console is the only place the reason is left.
    queryCache: new QueryCache({
      onError: (error, query) => console.error('Loading failed', query.queryKey, error),
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}
