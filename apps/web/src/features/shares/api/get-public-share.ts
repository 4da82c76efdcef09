import { publicShareSchema, type PublicShare } from '@voxpad/shared/shares';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const publicShareQueryKey = (token: string) => ['public-share', token] as const;

/** GET public/shares/{token}/: the link as a visitor sees it (each load counts as a view). */
export function getPublicShare(token: string): Promise<PublicShare> {
  return apiClient.api('GET', `public/shares/${encodeURIComponent(token)}/`, publicShareSchema);
}

export function publicShareQueryOptions(token: string) {
  return queryOptions({
    queryKey: publicShareQueryKey(token),
    queryFn: () => getPublicShare(token),
    // One view per page load: no refetch on focus or remount.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function usePublicShare(token: string) {
  return useQuery(publicShareQueryOptions(token));
}
