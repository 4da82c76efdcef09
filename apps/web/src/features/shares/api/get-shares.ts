import { shareListSchema, type ShareList } from '@voxpad/shared/shares';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Every query of a person's links starts with it: a new or revoked link refreshes them all. */
export const sharesQueryKey = ['shares'] as const;

/** Which links a list shows: one note's, one pad's, or all of them. */
export interface ShareFilter {
  noteId?: string | undefined;
  padId?: string | undefined;
}

export const sharesListQueryKey = (filter: ShareFilter) =>
  [...sharesQueryKey, 'list', filter.noteId ?? null, filter.padId ?? null] as const;

/** GET shares/?note_id=&pad_id= -> `{results, limit}`, newest first. */
export function getShares(filter: ShareFilter): Promise<ShareList> {
  return apiClient.api('GET', 'shares/', shareListSchema, {
    query: { note_id: filter.noteId, pad_id: filter.padId },
  });
}

export function sharesQueryOptions(filter: ShareFilter = {}) {
  return queryOptions({ queryKey: sharesListQueryKey(filter), queryFn: () => getShares(filter) });
}

export function useShares(filter: ShareFilter = {}) {
  return useQuery(sharesQueryOptions(filter));
}
