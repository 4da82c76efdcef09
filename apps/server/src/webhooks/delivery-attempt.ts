/**
 * One attempt at one delivery, shared by the dispatcher and "Send test": sign the stored body
 * with the webhook's current secret, send it through the guarded client, and record the outcome
 * in the log. 2xx succeeds; 410 Gone turns the webhook off; anything else is tried again after a
 * jittered wait, until the attempts run out. Logs name the webhook and delivery, never the URL
 * (it may hold a token) or the secret.
 */
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_TEST_EVENT } from '@voxpad/shared/webhooks';
import { type SecretBox, SecretBoxError } from '../auth/mfa/secret-box.ts';
import type { Db } from '../db/database.ts';
import type { WebhookDeliveryRow, WebhookRow } from '../db/schema.ts';
import {
  type AttemptRecord,
  cancelPendingDeliveries,
  findDelivery,
  recordAttempt,
} from './deliveries-repository.ts';
import { DeliveryError, guardedPost, type ResolveHost } from './guarded-post.ts';
import { messageIdOf } from './webhook-presenter.ts';
import type { WebhookSettings } from './webhook-settings.ts';
import { signatureHeaders } from './webhook-signature.ts';
import { findWebhook, updateWebhook } from './webhooks-repository.ts';

export interface DeliveryDeps {
  db: Db;
  box: SecretBox;
  settings: WebhookSettings;
  resolve: ResolveHost;
  log: FastifyBaseLogger;
}

const USER_AGENT = 'Voxpad-Webhooks/1';
export const TURNED_OFF = 'Not sent: the webhook was turned off.';
const GONE_REASON =
  'The endpoint answered 410 Gone, so Voxpad stopped sending to it. Turn it on again once it is back.';

/** The SecretBox context a webhook's secret is sealed under: it opens for this webhook only. */
export const secretContext = (webhookId: string) => `webhook:${webhookId}`;

/** The wait before the next attempt after `attempts` failed ones: the configured step, ±20 %. */
export function retryDelay(settings: WebhookSettings, attempts: number): number {
  const steps = settings.retryDelaysMs;
  const step = steps[Math.min(Math.max(0, attempts - 1), steps.length - 1)] ?? 0;
  return Math.round(step * (0.8 + Math.random() * 0.4));
}

/**
 * Tries the delivery once (it is claimed by `workerId`, its attempt counted) and records how it
 * went. `final`: no retry whatever happens (a test event). Answers the delivery as recorded, or
 * undefined when it is gone (its webhook deleted) or no longer ours.
 */
export async function attemptDelivery(
  deps: DeliveryDeps,
  delivery: WebhookDeliveryRow,
  workerId: string,
  { final = false }: { final?: boolean } = {},
): Promise<WebhookDeliveryRow | undefined> {
  const webhook = await findWebhook(deps.db, delivery.user_id, delivery.webhook_id);
  if (!webhook) return undefined;
  const started = Date.now();
  const outcome =
    webhook.enabled === 1 || delivery.event === WEBHOOK_TEST_EVENT
      ? await send(deps, webhook, delivery)
      : { error: TURNED_OFF, giveUp: true };
  const now = Date.now();
  const succeeded = outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300;
  const gone = outcome.status === 410;
  const retry =
    !succeeded && !gone && !outcome.giveUp && !final && delivery.attempts < deps.settings.maxAttempts;
  const record: AttemptRecord = {
    status: succeeded ? 'succeeded' : retry ? 'pending' : 'failed',
    next_attempt_at: retry ? now + retryDelay(deps.settings, delivery.attempts) : null,
    response_status: outcome.status ?? null,
    response_excerpt: outcome.excerpt ?? null,
    error: succeeded
      ? null
      : (outcome.error ?? `The endpoint answered ${outcome.status ?? 'nothing'}, not 2xx.`),
    duration_ms: now - started,
    last_attempt_at: now,
  };
  if (!(await recordAttempt(deps.db, delivery.id, workerId, record))) return undefined;
  deps.log.info(
    {
      webhookId: webhook.id,
      deliveryId: delivery.id,
      attempt: delivery.attempts,
      status: record.status,
      responseStatus: record.response_status,
    },
    'webhook delivery attempted',
  );
  if (gone) await turnOffGone(deps.db, webhook);
  return findDelivery(deps.db, delivery.id);
}

interface Outcome {
  status?: number;
  excerpt?: string;
  error?: string;
  /** Retrying cannot help: the target is refused by policy, or the webhook is off. */
  giveUp?: boolean;
}

async function send(deps: DeliveryDeps, webhook: WebhookRow, delivery: WebhookDeliveryRow): Promise<Outcome> {
  let secret: string;
  try {
    secret = deps.box.open(webhook.secret_sealed, secretContext(webhook.id));
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    return {
      error:
        'Not sent: the signing secret cannot be read (the server’s SECRET_KEY changed). Rotate the secret.',
      giveUp: true,
    };
  }
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    ...signatureHeaders(secret, {
      id: messageIdOf(delivery.id),
      timestampSeconds: Math.floor(Date.now() / 1000),
      body: delivery.payload,
    }),
  };
  try {
    const answer = await guardedPost(webhook.url, delivery.payload, headers, {
      privateTargets: deps.settings.privateTargets,
      timeoutMs: deps.settings.timeoutMs,
      resolve: deps.resolve,
    });
    return { status: answer.status, excerpt: answer.excerpt };
  } catch (error) {
    if (error instanceof DeliveryError) return { error: error.message, giveUp: error.refused };
    throw error;
  }
}

async function turnOffGone(db: Db, webhook: WebhookRow): Promise<void> {
  await updateWebhook(db, webhook.user_id, webhook.id, {
    enabled: 0,
    disabled_reason: GONE_REASON,
    updated_at: Date.now(),
  });
  await cancelPendingDeliveries(db, webhook.id, TURNED_OFF);
}
