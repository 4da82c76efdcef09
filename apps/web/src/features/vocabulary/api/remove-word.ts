import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { vocabularyQueryKey } from './get-vocabulary.ts';

/** DELETE vocabulary/{id}/ -> 204. */
export function removeWord(id: string): Promise<void> {
  return apiClient.apiVoid('DELETE', `vocabulary/${encodeURIComponent(id)}/`);
}

export function useRemoveWord(options: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWord,
    onError: options.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: vocabularyQueryKey }),
  });
}
