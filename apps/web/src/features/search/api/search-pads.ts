import { padSearchPageSchema, type PadSearchHit } from '@voxpad/shared/search';
import type { Page } from '@voxpad/shared/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET search/pad/?q=&limit=: best match first, with highlighted name and snippet. */
export function searchPads(q: string, limit?: number, signal?: AbortSignal): Promise<Page<PadSearchHit>> {
  return apiClient.api('GET', 'search/pad/', padSearchPageSchema, {
    query: { q, limit },
    ...(signal ? { signal } : {}),
  });
}

export function searchPadsQueryKey(q: string, limit: number) {
  return ['search', 'pads', q, limit] as const;
}

export function searchPadsQueryOptions(q: string, limit = 5) {
  return queryOptions({
    queryKey: searchPadsQueryKey(q, limit),
    queryFn: ({ signal }) => searchPads(q, limit, signal),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useSearchPads(q: string, limit?: number) {
  return useQuery(searchPadsQueryOptions(q, limit));
}
