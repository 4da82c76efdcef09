import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { sharesQueryKey } from './get-shares.ts';

/** DELETE shares/{id}/ -> 204; the link stops working at once. */
export function revokeShare(id: string): Promise<void> {
  return apiClient.apiVoid('DELETE', `shares/${encodeURIComponent(id)}/`);
}

export function useRevokeShare(options: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShare,
    onError: (error) => options.onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharesQueryKey }),
  });
}
