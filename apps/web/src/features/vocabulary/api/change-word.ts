import {
  vocabularyEntrySchema,
  type UpdateVocabularyEntry,
  type VocabularyEntry,
} from '@voxpad/shared/vocabulary';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { vocabularyQueryKey } from './get-vocabulary.ts';

/** PATCH vocabulary/{id}/: a field left out stays; a new pronunciation makes it the person's own. */
export function changeWord({
  id,
  ...change
}: UpdateVocabularyEntry & { id: string }): Promise<VocabularyEntry> {
  return apiClient.api('PATCH', `vocabulary/${encodeURIComponent(id)}/`, vocabularyEntrySchema, {
    body: change,
  });
}

export function useChangeWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeWord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vocabularyQueryKey }),
  });
}
