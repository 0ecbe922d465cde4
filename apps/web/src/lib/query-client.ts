import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** How long a retried request waits: long enough for a dropped connection to come back. */
export const RETRY_DELAY_MS = 400;

/**
 * Retry rule of every query (issue 10, fail fast): only a request that never got an answer (no
 * network, connection dropped: `ApiError` status 0) is tried once more. A server answer, 4xx or
 * 5xx, is final, so the screen shows its error at once instead of spinning through retries.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && error instanceof ApiError && error.status === 0;
}

/** The app's query client: the retry rule above, no refetch on focus, answers fresh for 30 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: shouldRetry,
        retryDelay: RETRY_DELAY_MS,
      },
    },
  });
}

/**
 * The one client of the running app. Module-level so route preloading (app/route-preload.ts) can
 * start a screen's requests before React renders it.
 */
export const queryClient = createQueryClient();
