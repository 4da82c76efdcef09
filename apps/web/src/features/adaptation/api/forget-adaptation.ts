import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adaptationQueryKey } from './get-adaptation.ts';

/** DELETE adaptation/ -> 204: the state and every personal model built are gone. */
export function forgetAdaptation(): Promise<void> {
  return apiClient.apiVoid('DELETE', 'adaptation/');
}

export function useForgetAdaptation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forgetAdaptation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adaptationQueryKey }),
  });
}
