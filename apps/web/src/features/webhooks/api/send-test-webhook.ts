import { webhookDeliverySchema, type WebhookDelivery } from '@voxpad/shared/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { webhooksQueryKey } from './get-webhooks.ts';

/** POST webhooks/{id}/test/ -> how the test event's one attempt went. */
export function sendTestWebhook(id: string): Promise<WebhookDelivery> {
  return apiClient.api('POST', `webhooks/${encodeURIComponent(id)}/test/`, webhookDeliverySchema);
}

export function useSendTestWebhook(options: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestWebhook,
    onError: options.onError,
    // The log gained an entry, and a 410 may have turned the webhook off.
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
