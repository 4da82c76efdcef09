/**
 * /api/v1/webhooks/: the logged-in person's webhooks (session + CSRF, like the rest of /api/v1/),
 * their secrets (shown once, on creation and rotation), a test send and the delivery log. ADR 0048.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  createWebhookSchema,
  updateWebhookSchema,
  type WebhookDeliveryPage,
  type WebhookList,
} from '@voxpad/shared/webhooks';
import { parseInput } from '../http/api-problem.ts';
import { readPageQuery } from '../http/page-query.ts';
import { requireUserId } from '../http/require-user.ts';
import {
  changeWebhook,
  createWebhook,
  deliveryLog,
  listWebhooksOf,
  removeWebhook,
  rotateSecret,
  sendTest,
  type WebhookServiceDeps,
} from './webhooks-service.ts';

type WebhookParams = { Params: { webhookId: string } };

export function registerWebhookRoutes(app: FastifyInstance, deps: WebhookServiceDeps): void {
  // Test sends are made by this process; each holds its delivery under this name.
  const senderId = `webhooks-api-${randomUUID()}`;

  app.get('/webhooks/', async (request): Promise<WebhookList> => {
    const userId = await requireUserId(request);
    return { results: await listWebhooksOf(deps, userId), limit: deps.settings.maxPerUser };
  });

  app.post('/webhooks/', async (request, reply) => {
    const userId = await requireUserId(request);
    const input = parseInput(createWebhookSchema, request.body);
    const created = await createWebhook(deps, userId, input);
    return reply.status(201).header('cache-control', 'no-store').send(created);
  });

  app.patch<WebhookParams>('/webhooks/:webhookId/', async (request) => {
    const userId = await requireUserId(request);
    const input = parseInput(updateWebhookSchema, request.body);
    return changeWebhook(deps, userId, request.params.webhookId, input);
  });

  app.delete<WebhookParams>('/webhooks/:webhookId/', async (request, reply) => {
    const userId = await requireUserId(request);
    await removeWebhook(deps, userId, request.params.webhookId);
    return reply.status(204).send();
  });

  app.post<WebhookParams>('/webhooks/:webhookId/rotate-secret/', async (request, reply) => {
    const userId = await requireUserId(request);
    const rotated = await rotateSecret(deps, userId, request.params.webhookId);
    return reply.header('cache-control', 'no-store').send(rotated);
  });

  app.post<WebhookParams>('/webhooks/:webhookId/test/', async (request) => {
    const userId = await requireUserId(request);
    return sendTest(deps, userId, request.params.webhookId, senderId);
  });

  app.get<WebhookParams>(
    '/webhooks/:webhookId/deliveries/',
    async (request): Promise<WebhookDeliveryPage> => {
      const userId = await requireUserId(request);
      return deliveryLog(deps, userId, request.params.webhookId, readPageQuery(request.query));
    },
  );
}
