import { z } from 'zod';
import { pageSchema } from './pagination.ts';

/**
 * Per-user webhooks (ADR 0048): Voxpad POSTs a signed JSON event to a URL of the person's choosing
 * when one of their notes is created, transcribed, updated or deleted. /api/v1/webhooks/.
 * Signing follows the Standard Webhooks specification (webhook-id, webhook-timestamp,
 * webhook-signature: `v1,<base64 HMAC-SHA256>` over `${id}.${timestamp}.${body}`).
 */

export const WEBHOOK_EVENTS = ['note.created', 'note.transcribed', 'note.updated', 'note.deleted'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** Sent only by "Send test"; nobody subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type DeliveredEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/** What each event means, for the form's checkboxes and the documentation. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'note.created': 'A voice note is filed',
  'note.transcribed': 'A transcription finishes',
  'note.updated': 'A note is renamed, moved or its transcript edited',
  'note.deleted': 'A voice note is deleted',
};

export const WEBHOOK_LIMITS = {
  urlMax: 2000,
  descriptionMax: 200,
  /** Deliveries kept per webhook in its log: older finished ones are removed as new ones come. */
  deliveryLogMax: 100,
} as const;

/** The signing secret's prefix; what follows is base64 of the secret's bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_ERROR_CODES = {
  /** 409: the account holds WEBHOOKS_MAX_PER_USER webhooks already. */
  limitReached: 'webhook_limit_reached',
  /** 400: the URL points at a private, loopback or link-local address this server may not call. */
  targetRefused: 'webhook_target_refused',
} as const;

const webhookUrl = z
  .string({ error: 'Enter the URL Voxpad should send events to.' })
  .trim()
  .min(1, 'Enter the URL Voxpad should send events to.')
  .max(WEBHOOK_LIMITS.urlMax, `A webhook URL can be at most ${WEBHOOK_LIMITS.urlMax} characters.`)
  .pipe(
    z.url({
      protocol: /^https?$/,
      error: 'Enter a full http:// or https:// URL, e.g. https://example.org/hooks/voxpad.',
    }),
  )
  .refine(
    (value) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value),
    'Leave the user name and password out of the URL: check the webhook-signature header instead.',
  );

const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `Choose events from: ${WEBHOOK_EVENTS.join(', ')}.` }), {
    error: 'Choose at least one event to send.',
  })
  .min(1, 'Choose at least one event to send.')
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

const webhookDescription = z
  .string()
  .trim()
  .max(
    WEBHOOK_LIMITS.descriptionMax,
    `A description can be at most ${WEBHOOK_LIMITS.descriptionMax} characters.`,
  );

export const createWebhookSchema = z.object({
  url: webhookUrl,
  events: webhookEvents,
  description: webhookDescription.optional(),
});
export type CreateWebhook = z.infer<typeof createWebhookSchema>;

export const updateWebhookSchema = z
  .object({
    url: webhookUrl.optional(),
    events: webhookEvents.optional(),
    description: webhookDescription.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false.' }).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Send at least one of url, events, description or enabled.',
  });
export type UpdateWebhook = z.infer<typeof updateWebhookSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  description: z.string(),
  enabled: z.boolean(),
  /** Why Voxpad turned it off by itself (the endpoint answered 410 Gone), or null. */
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer to creating a webhook: the only time its signing secret is shown. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

/** The answer to rotating the secret: the new one, shown once; the old one stops at once. */
export const rotatedWebhookSecretSchema = z.object({ secret: z.string() });
export type RotatedWebhookSecret = z.infer<typeof rotatedWebhookSecretSchema>;

export const webhookListSchema = z.object({ results: z.array(webhookSchema), limit: z.number().int() });
export type WebhookList = z.infer<typeof webhookListSchema>;

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The webhook-id header the receiver saw (the same on every attempt). */
  message_id: z.string(),
  event: z.string(),
  /** pending: waiting for its first or next attempt; succeeded: a 2xx answer; failed: given up. */
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The HTTP status of the last answer, or null when none came. */
  response_status: z.number().int().nullable(),
  /** The start of the last answer's body, capped; never more. */
  response_excerpt: z.string().nullable(),
  /** What went wrong on the last attempt, in words. */
  error: z.string().nullable(),
  /** How long the last attempt took, in milliseconds. */
  duration_ms: z.number().int().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = pageSchema(webhookDeliverySchema);
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

/** What a receiver gets as the request body. */
export const webhookPayloadSchema = z.object({
  type: z.string(),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
