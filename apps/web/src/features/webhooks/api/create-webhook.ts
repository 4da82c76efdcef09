import { createdWebhookSchema, type CreateWebhook, type CreatedWebhook } from '@voxpad/shared/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { webhooksQueryKey } from './get-webhooks.ts';

/** POST webhooks/ -> 201 with the signing secret, the only time it is shown. */
export function createWebhook(input: CreateWebhook): Promise<CreatedWebhook> {
  return apiClient.api('POST', 'webhooks/', createdWebhookSchema, { body: input });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
