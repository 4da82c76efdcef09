import { adaptationStateSchema, type AdaptationState } from '@voxpad/shared/adaptation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adaptationQueryKey } from './get-adaptation.ts';

/** POST adaptation/ -> 202 with the state, now queued (or a rebuild requested while one runs). */
export function rebuildAdaptation(): Promise<AdaptationState> {
  return apiClient.api('POST', 'adaptation/', adaptationStateSchema);
}

export function useRebuildAdaptation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rebuildAdaptation,
    // The answer is the new state: show it now; polling takes over while it builds.
    onSuccess: (state) => queryClient.setQueryData(adaptationQueryKey, state),
  });
}
