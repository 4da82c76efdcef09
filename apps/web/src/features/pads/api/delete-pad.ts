import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { padQueryKey } from './get-pad.ts';
import { padsQueryKey } from './get-pads.ts';

/** DELETE pad/{id}/. */
export function deletePad(id: string): Promise<void> {
  return apiClient.apiVoid('DELETE', `pad/${encodeURIComponent(id)}/`);
}

export function useDeletePad(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePad,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: padQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: padsQueryKey });
      options.onSuccess?.();
    },
    ...(options.onError ? { onError: options.onError } : {}),
  });
}
