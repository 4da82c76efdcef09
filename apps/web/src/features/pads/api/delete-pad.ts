import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { padQueryKey } from './get-pad.ts';
import { padListQueryKey } from './get-pads.ts';
import { patchCachedPad } from './update-pad.ts';

/** DELETE pad/{id}/. */
export function deletePad(id: string): Promise<void> {
  return apiClient.apiVoid('DELETE', `pad/${encodeURIComponent(id)}/`);
}

/** The pad leaves the list at once; if the server refuses, it comes back. */
export function useDeletePad(
  options: { onSuccess?: () => Promise<void> | void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePad,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: padListQueryKey });
      // Only the list: the pad's own screen may still be showing it.
      const listOnly = patchCachedPad(queryClient, id, () => null);
      return { rollback: listOnly };
    },
    onError: (error, _id, context) => {
      context?.rollback();
      options.onError?.(error);
    },
    onSuccess: async (_data, id) => {
      // Leave the pad's screen first: while it is shown, dropping or refetching its query
      // would ask the server for a pad that no longer exists.
      await options.onSuccess?.();
      queryClient.removeQueries({ queryKey: padQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: padListQueryKey });
    },
  });
}
