import { tagListSchema, type TagList } from '@voxpad/shared/tags';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** The person's tags with their counts; a tagged note or a changed tag refreshes it. */
export const tagsQueryKey = ['tags'] as const;

/** GET tags/ -> `{tags: [{id, name, count}]}`, by name. */
export function getTags(): Promise<TagList> {
  return apiClient.api('GET', 'tags/', tagListSchema);
}

export function tagsQueryOptions() {
  return queryOptions({ queryKey: tagsQueryKey, queryFn: getTags, staleTime: 30_000 });
}

export function useTags() {
  return useQuery(tagsQueryOptions());
}
