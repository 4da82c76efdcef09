import { padSearchPageSchema, type PadSearchHit } from '@voxpad/shared/search';
import type { Page } from '@voxpad/shared/pagination';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET search/pad/?q=&cursor=: best match first, with highlighted name and snippet. */
export function searchPads(q: string, cursor?: string | null): Promise<Page<PadSearchHit>> {
  return apiClient.api('GET', 'search/pad/', padSearchPageSchema, { query: { q, cursor } });
}

export function searchPadsInfiniteQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: ['search', 'pads', q] as const,
    queryFn: ({ pageParam }) => searchPads(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    enabled: q.trim().length > 0,
  });
}

export function useSearchPads(q: string) {
  return useInfiniteQuery(searchPadsInfiniteQueryOptions(q));
}
