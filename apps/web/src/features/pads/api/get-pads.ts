import { padSchema, type Pad } from '@voxpad/shared/pads';
import { pageSchema, type Page } from '@voxpad/shared/pagination';
import { infiniteQueryOptions, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { withHeldTotals } from './held-pad-totals.ts';

const padPageSchema = pageSchema(padSchema);

/** GET pad/?cursor=: newest first; `next` is an opaque cursor to pass back. */
export async function getPads(cursor?: string | null): Promise<Page<Pad>> {
  const page = await apiClient.api('GET', 'pad/', padPageSchema, { query: { cursor } });
  return { ...page, results: page.results.map(withHeldTotals) };
}

export const padsQueryKey = ['pads'] as const;
export const padListQueryKey = [...padsQueryKey, 'list'] as const;

export function padsInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: padListQueryKey,
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
