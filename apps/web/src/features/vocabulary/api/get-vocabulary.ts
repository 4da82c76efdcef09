import { vocabularyListSchema, type VocabularyList } from '@voxpad/shared/vocabulary';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Every query of this feature starts with it: a change to the words refreshes the proposals too. */
export const vocabularyQueryKey = ['vocabulary'] as const;
export const vocabularyListQueryKey = [...vocabularyQueryKey, 'list'] as const;

/** GET vocabulary/ -> `{words, limit}`, alphabetical. */
export function getVocabulary(): Promise<VocabularyList> {
  return apiClient.api('GET', 'vocabulary/', vocabularyListSchema);
}

export function vocabularyQueryOptions() {
  return queryOptions({ queryKey: vocabularyListQueryKey, queryFn: getVocabulary });
}

export function useVocabulary() {
  return useQuery(vocabularyQueryOptions());
}
