import { highlightSearchPageSchema, type HighlightSearchHit } from '@voxpad/shared/highlights';
import type { Page } from '@voxpad/shared/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET search/highlight/?q=&limit=: highlights whose label or comment has every word (ADR 0054). */
export function searchHighlights(
  q: string,
  limit?: number,
  signal?: AbortSignal,
): Promise<Page<HighlightSearchHit>> {
  return apiClient.api('GET', 'search/highlight/', highlightSearchPageSchema, {
    query: { q, limit },
    ...(signal ? { signal } : {}),
  });
}

/** Every highlight search, for a change to highlights to refresh them. */
export const highlightSearchesQueryKey = ['search', 'highlights'] as const;

export const searchHighlightsQueryKey = (q: string, limit: number) =>
  [...highlightSearchesQueryKey, q, limit] as const;

export function searchHighlightsQueryOptions(q: string, limit = 8) {
  return queryOptions({
    queryKey: searchHighlightsQueryKey(q, limit),
    queryFn: ({ signal }) => searchHighlights(q, limit, signal),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useSearchHighlights(q: string, limit?: number) {
  return useQuery(searchHighlightsQueryOptions(q, limit));
}
