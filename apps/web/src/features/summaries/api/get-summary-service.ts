import { summaryServiceSchema, type SummaryService } from '@voxpad/shared/summaries';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const summaryServiceQueryKey = ['summary-service'] as const;

/** GET summaries/service/ -> whether this server summarises, and where a transcript would go. */
export function getSummaryService(): Promise<SummaryService> {
  return apiClient.api('GET', 'summaries/service/', summaryServiceSchema);
}

export function summaryServiceQueryOptions() {
  return queryOptions({
    queryKey: summaryServiceQueryKey,
    queryFn: getSummaryService,
    staleTime: 5 * 60_000,
  });
}

export function useSummaryService() {
  return useQuery(summaryServiceQueryOptions());
}
