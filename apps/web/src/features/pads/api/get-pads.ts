import { padSchema, type Pad } from '@voxpad/shared/pads';
import { pageSchema, type Page } from '@voxpad/shared/pagination';
import { infiniteQueryOptions, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

const padPageSchema = pageSchema(padSchema);

/** GET pad/?cursor=: newest first; `next` is an opaque cursor to pass back. */
export function getPads(cursor?: string | null): Promise<Page<Pad>> {
  return apiClient.api('GET', 'pad/', padPageSchema, { query: { cursor } });
}

export const padsQueryKey = ['pads'] as const;

export function padsInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...padsQueryKey, 'list'] as const,
    queryFn: ({ pageParam }) => getPads(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    staleTime: 5 * 60 * 1000,
    refetchOnWindowFocus: true,
  });
}

export function usePads() {
  return useSuspenseInfiniteQuery(padsInfiniteQueryOptions());
}
