import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { webhooksQueryKey } from './get-webhooks.ts';

/** DELETE webhooks/{id}/ -> 204; its log goes with it. */
export function deleteWebhook(id: string): Promise<void> {
  return apiClient.apiVoid('DELETE', `webhooks/${encodeURIComponent(id)}/`);
}

export function useDeleteWebhook(options: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onError: options.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
