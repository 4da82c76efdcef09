import { webhookListSchema, type WebhookList } from '@voxpad/shared/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const webhooksQueryKey = ['webhooks'] as const;

/** GET webhooks/ -> `{results, limit}`: never the secrets. */
export function getWebhooks(): Promise<WebhookList> {
  return apiClient.api('GET', 'webhooks/', webhookListSchema);
}

export function webhooksQueryOptions() {
  return queryOptions({ queryKey: webhooksQueryKey, queryFn: getWebhooks });
}

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
