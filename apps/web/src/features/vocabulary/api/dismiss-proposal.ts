import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { proposalsQueryKey } from './get-proposals.ts';

/** POST vocabulary/proposals/dismiss/ `{word}` -> 204: the word is not proposed again. */
export function dismissProposal(word: string): Promise<void> {
  return apiClient.apiVoid('POST', 'vocabulary/proposals/dismiss/', { body: { word } });
}

export function useDismissProposal(options: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissProposal,
    onError: options.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalsQueryKey }),
  });
}
