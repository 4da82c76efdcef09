import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpStatusOf } from './api-client.ts';

const MAX_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 30_000;
const FIVE_MINUTES_MS = 5 * 60 * 1000;

/** 1 s, 2 s, 4 s, ... capped at 30 s (spec §9). */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

/**
 * Up to 3 retries (spec §9). A client error other than timeout or rate limit (404, 401, 403,
 * 400 ...) answers the same on every try, so retrying it only keeps the user waiting.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  const status = httpStatusOf(error);
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) {
    return false;
  }
  return true;
}

export interface QueryClientOptions {
  /** Called for every failed query (after its retries) and every failed mutation. */
  onError?: (error: unknown) => void;
}

export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => options.onError?.(error) }),
    mutationCache: new MutationCache({ onError: (error) => options.onError?.(error) }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        gcTime: FIVE_MINUTES_MS,
        // Ask even when the browser says it is offline: the service worker may answer from
        // what it kept (pads, notes, transcripts). Only retries wait for the network.
        networkMode: 'offlineFirst',
        // Suspense queries keep React Query's own minimum stale time of 1 s (spec §9).
      },
    },
  });
}
