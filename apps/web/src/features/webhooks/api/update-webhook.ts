import { webhookSchema, type UpdateWebhook, type Webhook } from '@voxpad/shared/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { webhooksQueryKey } from './get-webhooks.ts';

/** PATCH webhooks/{id}/ (url, events, description, enabled) -> the webhook as it now is. */
export function updateWebhook(id: string, change: UpdateWebhook): Promise<Webhook> {
  return apiClient.api('PATCH', `webhooks/${encodeURIComponent(id)}/`, webhookSchema, { body: change });
}

export function useUpdateWebhook(options: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateWebhook }) => updateWebhook(id, change),
    onError: options.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
