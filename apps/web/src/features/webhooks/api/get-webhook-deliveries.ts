import { webhookDeliveryPageSchema, type WebhookDeliveryPage } from '@voxpad/shared/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const webhookDeliveriesQueryKey = (webhookId: string, cursor: string | null = null) =>
  ['webhooks', webhookId, 'deliveries', cursor] as const;

/** GET webhooks/{id}/deliveries/ -> one page of the log, newest first. */
export function getWebhookDeliveries(webhookId: string, cursor: string | null): Promise<WebhookDeliveryPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiClient.api(
    'GET',
    `webhooks/${encodeURIComponent(webhookId)}/deliveries/${query}`,
    webhookDeliveryPageSchema,
  );
}

export function webhookDeliveriesQueryOptions(webhookId: string, cursor: string | null) {
  return queryOptions({
    queryKey: webhookDeliveriesQueryKey(webhookId, cursor),
    queryFn: () => getWebhookDeliveries(webhookId, cursor),
  });
}

export function useWebhookDeliveries(webhookId: string, cursor: string | null) {
  return useQuery(webhookDeliveriesQueryOptions(webhookId, cursor));
}
