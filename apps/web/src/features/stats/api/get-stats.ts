import { statsSchema, type Stats } from '@voxpad/shared/stats';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function getStats(): Promise<Stats> {
  return apiClient.api('GET', 'stats/', statsSchema);
}

export const statsQueryKey = ['stats'] as const;

export function statsQueryOptions() {
  return queryOptions({
    queryKey: statsQueryKey,
    queryFn: getStats,
    staleTime: 5 * 60 * 1000,
    refetchOnWindowFocus: true,
  });
}

export function useStats(): Stats {
  return useSuspenseQuery(statsQueryOptions()).data;
}
