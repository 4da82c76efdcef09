import { pageQuerySchema } from '@voxpad/shared/pagination';
import {
  createdWebhookSchema,
  createWebhookSchema,
  rotatedWebhookSecretSchema,
  updateWebhookSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
} from '@voxpad/shared/webhooks';
import { jsonBody, named, noContent, notFound, ok, problem, type ApiOperation } from '../operation.ts';

const hook = { webhookId: 'The webhook’s id.' };
const refused = problem(
  'The URL is not http(s), too long, or points at a private, loopback or link-local address ' +
    '(refused unless the operator allows it).',
);

export const webhookOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/webhooks/',
    id: 'listWebhooks',
    tag: 'Webhooks',
    summary: 'Your webhooks',
    auth: 'session',
    responses: {
      200: ok('Every webhook, and how many the account may hold.', named('WebhookList', webhookListSchema)),
    },
  },
  {
    method: 'POST',
    path: '/webhooks/',
    id: 'createWebhook',
    tag: 'Webhooks',
    summary: 'Add a webhook',
    description:
      'Note events (created, transcribed, updated, deleted) are POSTed to `url`, signed as the Standard ' +
      'Webhooks spec says (`webhook-id`, `webhook-timestamp`, `webhook-signature`). The signing secret is ' +
      'in this answer only.',
    auth: 'session',
    body: jsonBody(named('CreateWebhook', createWebhookSchema), {
      url: 'https://example.org/hooks/voxpad',
      events: ['note.transcribed'],
    }),
    responses: {
      201: ok('The webhook, with its secret.', named('CreatedWebhook', createdWebhookSchema)),
      400: refused,
      409: problem('The account holds as many webhooks as it may.'),
    },
  },
  {
    method: 'PATCH',
    path: '/webhooks/{webhookId}/',
    id: 'changeWebhook',
    tag: 'Webhooks',
    summary: 'Change a webhook, or turn it on or off',
    auth: 'session',
    pathParams: hook,
    body: jsonBody(named('UpdateWebhook', updateWebhookSchema), { enabled: false }),
    responses: {
      200: ok('The webhook as it now is.', named('Webhook', webhookSchema)),
      400: refused,
      404: notFound('The webhook'),
    },
  },
  {
    method: 'DELETE',
    path: '/webhooks/{webhookId}/',
    id: 'deleteWebhook',
    tag: 'Webhooks',
    summary: 'Delete a webhook',
    auth: 'session',
    pathParams: hook,
    responses: { 204: noContent('The webhook and its log are gone.'), 404: notFound('The webhook') },
  },
  {
    method: 'POST',
    path: '/webhooks/{webhookId}/rotate-secret/',
    id: 'rotateWebhookSecret',
    tag: 'Webhooks',
    summary: 'A new signing secret',
    description: 'The old secret stops at once; the new one is in this answer only.',
    auth: 'session',
    pathParams: hook,
    responses: {
      200: ok('The new secret.', named('RotatedWebhookSecret', rotatedWebhookSecretSchema)),
      404: notFound('The webhook'),
    },
  },
  {
    method: 'POST',
    path: '/webhooks/{webhookId}/test/',
    id: 'testWebhook',
    tag: 'Webhooks',
    summary: 'Send a test event now',
    description: 'A `webhook.test` event, sent at once; the answer is its delivery, as logged.',
    auth: 'session',
    pathParams: hook,
    responses: {
      200: ok('The delivery and how it went.', named('WebhookDelivery', webhookDeliverySchema)),
      404: notFound('The webhook'),
    },
  },
  {
    method: 'GET',
    path: '/webhooks/{webhookId}/deliveries/',
    id: 'listWebhookDeliveries',
    tag: 'Webhooks',
    summary: 'A webhook’s delivery log',
    description: 'Newest first: each event, its attempts, the answer’s status and the start of its body.',
    auth: 'session',
    pathParams: hook,
    query: pageQuerySchema,
    responses: {
      200: ok('A page of deliveries.', named('WebhookDeliveryPage', webhookDeliveryPageSchema)),
      404: notFound('The webhook'),
    },
  },
];
