import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adaptationQueryKey } from './get-adaptation.ts';

/** DELETE adaptation/voice/ -> 204: the voice profile is gone; nobody is named "You" (ADR 0058). */
export function forgetVoiceProfile(): Promise<void> {
  return apiClient.apiVoid('DELETE', 'adaptation/voice/');
}

export function useForgetVoiceProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forgetVoiceProfile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adaptationQueryKey }),
  });
}
