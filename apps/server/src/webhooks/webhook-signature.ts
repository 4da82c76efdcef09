/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` + base64
 * of random bytes, and each request carries `webhook-id`, `webhook-timestamp` (unix seconds) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "${id}.${timestamp}.${body}" keyed by the bytes>`,
 * so any Standard Webhooks library verifies it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@voxpad/shared/webhooks';

/** 32 random bytes (the spec asks for 24 to 64). */
const SECRET_BYTES = 32;

export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

export function signatureHeaders(
  secret: string,
  message: { id: string; timestampSeconds: number; body: string },
): Record<string, string> {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const signed = `${message.id}.${message.timestampSeconds}.${message.body}`;
  const signature = createHmac('sha256', key).update(signed).digest('base64');
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(message.timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  };
}
