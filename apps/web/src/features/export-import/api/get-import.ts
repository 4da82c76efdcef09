import { importProgressSchema, type ImportProgress } from '@voxpad/shared/export-import';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** How often a running import's progress is read. */
export const IMPORT_POLL_MS = 1000;

export function getImport(importId: string): Promise<ImportProgress> {
  return apiClient.api('GET', `imports/${encodeURIComponent(importId)}/`, importProgressSchema);
}

export function importQueryKey(importId: string) {
  return ['imports', importId] as const;
}

export function importQueryOptions(importId: string) {
  return queryOptions({
    queryKey: importQueryKey(importId),
    queryFn: () => getImport(importId),
    refetchInterval: (query) =>
      query.state.data?.status === 'done' || query.state.data?.status === 'failed' ? false : IMPORT_POLL_MS,
  });
}

export function useImport(importId: string | null) {
  return useQuery({ ...importQueryOptions(importId ?? ''), enabled: importId !== null });
}
