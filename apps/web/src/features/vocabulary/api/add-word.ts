import {
  vocabularyEntrySchema,
  type CreateVocabularyEntry,
  type VocabularyEntry,
} from '@voxpad/shared/vocabulary';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { vocabularyQueryKey } from './get-vocabulary.ts';

/** POST vocabulary/ `{word, sounds_like?, pronunciation?, pad_id?}` -> 201 with the entry. */
export function addWord(input: CreateVocabularyEntry): Promise<VocabularyEntry> {
  return apiClient.api('POST', 'vocabulary/', vocabularyEntrySchema, { body: input });
}

export function useAddWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vocabularyQueryKey }),
  });
}
