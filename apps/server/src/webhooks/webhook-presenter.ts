import {
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventType,
} from '@voxpad/shared/webhooks';
import type { WebhookDeliveryRow, WebhookRow } from '../db/schema.ts';
import { toIso } from '../lib/time.ts';

export function parseEvents(json: string): WebhookEventType[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? WEBHOOK_EVENTS.filter((event) => parsed.includes(event)) : [];
}

/** A webhook as its owner sees it: never its secret. */
export function presentWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: parseEvents(row.events),
    description: row.description,
    enabled: row.enabled === 1,
    disabled_reason: row.disabled_reason,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** The webhook-id header a delivery is sent with, on every attempt. */
export const messageIdOf = (deliveryId: string) => `msg_${deliveryId}`;

export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    message_id: messageIdOf(row.id),
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    response_status: row.response_status,
    response_excerpt: row.response_excerpt,
    error: row.error,
    duration_ms: row.duration_ms,
    created_at: toIso(row.created_at),
    last_attempt_at: row.last_attempt_at === null ? null : toIso(row.last_attempt_at),
    next_attempt_at:
      row.status === 'pending' && row.next_attempt_at !== null ? toIso(row.next_attempt_at) : null,
  };
}
