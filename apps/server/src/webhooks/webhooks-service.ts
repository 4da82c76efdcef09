/** What a person can do with their webhooks; routes parse and present, this decides. */
import type {
  CreateWebhook,
  CreatedWebhook,
  UpdateWebhook,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryPage,
} from '@voxpad/shared/webhooks';
import { WEBHOOK_TEST_EVENT } from '@voxpad/shared/webhooks';
import { type Cursor, toPage } from '../lib/cursor.ts';
import { newId } from '../lib/ids.ts';
import type { WebhookRow } from '../db/schema.ts';
import { cancelPendingDeliveries, insertDeliveries, listDeliveries } from './deliveries-repository.ts';
import { attemptDelivery, type DeliveryDeps, secretContext, TURNED_OFF } from './delivery-attempt.ts';
import { literalTargetRefusal } from './guarded-post.ts';
import { eventBody, newDelivery } from './webhook-outbox.ts';
import { presentDelivery, presentWebhook } from './webhook-presenter.ts';
import { targetRefused, tooManyWebhooks, webhookNotFound } from './webhook-problems.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import {
  countWebhooks,
  deleteWebhook,
  findWebhook,
  insertWebhook,
  listWebhooks,
  updateWebhook,
} from './webhooks-repository.ts';

export type WebhookServiceDeps = DeliveryDeps;

/** An address typed as an IP the server may not reach is refused at once; names are checked when sent. */
function checkTarget(deps: WebhookServiceDeps, url: string): void {
  const refusal = literalTargetRefusal(new URL(url), deps.settings.privateTargets);
  if (refusal) throw targetRefused(refusal.replace(/^Not sent: /, 'Webhooks cannot be sent here: '));
}

async function ownWebhook(deps: WebhookServiceDeps, userId: string, id: string): Promise<WebhookRow> {
  const row = await findWebhook(deps.db, userId, id);
  if (!row) throw webhookNotFound();
  return row;
}

export async function listWebhooksOf(deps: WebhookServiceDeps, userId: string): Promise<Webhook[]> {
  return (await listWebhooks(deps.db, userId)).map(presentWebhook);
}

export async function createWebhook(
  deps: WebhookServiceDeps,
  userId: string,
  input: CreateWebhook,
): Promise<CreatedWebhook> {
  checkTarget(deps, input.url);
  const limit = deps.settings.maxPerUser;
  if ((await countWebhooks(deps.db, userId)) >= limit) throw tooManyWebhooks(limit);
  const now = Date.now();
  const id = newId(now);
  const secret = newWebhookSecret();
  const row: WebhookRow = {
    id,
    user_id: userId,
    url: input.url,
    events: JSON.stringify(input.events),
    description: input.description ?? '',
    secret_sealed: deps.box.seal(secret, secretContext(id)),
    enabled: 1,
    disabled_reason: null,
    created_at: now,
    updated_at: now,
  };
  await insertWebhook(deps.db, row);
  // Racing requests can all pass the count; counting again keeps the limit without locks.
  if ((await countWebhooks(deps.db, userId)) > limit) {
    await deleteWebhook(deps.db, userId, id);
    throw tooManyWebhooks(limit);
  }
  return { ...presentWebhook(row), secret };
}

export async function changeWebhook(
  deps: WebhookServiceDeps,
  userId: string,
  id: string,
  input: UpdateWebhook,
): Promise<Webhook> {
  const current = await ownWebhook(deps, userId, id);
  if (input.url !== undefined) checkTarget(deps, input.url);
  const turnedOn = input.enabled === true;
  const applied = await updateWebhook(deps.db, userId, id, {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.events !== undefined ? { events: JSON.stringify(input.events) } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0 } : {}),
    // Turning it on again clears why it was turned off.
    ...(turnedOn ? { disabled_reason: null } : {}),
    updated_at: Date.now(),
  });
  if (!applied) throw webhookNotFound();
  if (input.enabled === false && current.enabled === 1) {
    await cancelPendingDeliveries(deps.db, id, TURNED_OFF);
  }
  return presentWebhook(await ownWebhook(deps, userId, id));
}

export async function removeWebhook(deps: WebhookServiceDeps, userId: string, id: string): Promise<void> {
  if (!(await deleteWebhook(deps.db, userId, id))) throw webhookNotFound();
}

/** A new secret replaces the old one at once: the next attempt of every delivery is signed with it. */
export async function rotateSecret(
  deps: WebhookServiceDeps,
  userId: string,
  id: string,
): Promise<{ secret: string }> {
  await ownWebhook(deps, userId, id);
  const secret = newWebhookSecret();
  const applied = await updateWebhook(deps.db, userId, id, {
    secret_sealed: deps.box.seal(secret, secretContext(id)),
    updated_at: Date.now(),
  });
  if (!applied) throw webhookNotFound();
  return { secret };
}

/**
 * Sends a `webhook.test` event now, in this request, once (no retries), even to a webhook that is
 * off (to check it before turning it on), and answers how it went; it shows in the log too.
 */
export async function sendTest(
  deps: WebhookServiceDeps,
  userId: string,
  id: string,
  workerId: string,
): Promise<WebhookDelivery> {
  const webhook = await ownWebhook(deps, userId, id);
  const now = Date.now();
  const body = eventBody(
    WEBHOOK_TEST_EVENT,
    { webhook_id: webhook.id, message: 'This is a test event from Voxpad.' },
    now,
  );
  // Made claimed by this request, so no dispatcher picks it up meanwhile.
  const delivery = {
    ...newDelivery(webhook, WEBHOOK_TEST_EVENT, body, now),
    attempts: 1,
    lease_owner: workerId,
    lease_expires_at: now + deps.settings.timeoutMs * 2 + 10_000,
  };
  await insertDeliveries(deps.db, [delivery]);
  const recorded = await attemptDelivery(deps, delivery, workerId, { final: true });
  if (!recorded) throw webhookNotFound();
  return presentDelivery(recorded);
}

/** A page of the webhook's log, newest first (at most WEBHOOK_LIMITS.deliveryLogMax are kept). */
export async function deliveryLog(
  deps: WebhookServiceDeps,
  userId: string,
  webhookId: string,
  { cursor, limit }: { cursor: Cursor | undefined; limit: number },
): Promise<WebhookDeliveryPage> {
  await ownWebhook(deps, userId, webhookId);
  const page = toPage(await listDeliveries(deps.db, userId, webhookId, cursor, limit), limit, cursor);
  return { ...page, results: page.results.map(presentDelivery) };
}
