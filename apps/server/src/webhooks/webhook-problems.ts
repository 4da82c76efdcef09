/** The webhooks' refusals, in the product API's error shape, worded for the person. */
import { WEBHOOK_ERROR_CODES } from '@voxpad/shared/webhooks';
import { ApiProblem, badRequest, notFound } from '../http/api-problem.ts';

export const webhookNotFound = () => notFound('This webhook');

/** 409, as for API tokens: waiting does not help, deleting a webhook does. */
export const tooManyWebhooks = (limit: number) =>
  new ApiProblem(409, [
    {
      code: WEBHOOK_ERROR_CODES.limitReached,
      message: `You already have ${limit} webhooks, the most one account can hold. Delete one you no longer use, then add this one.`,
    },
  ]);

export const targetRefused = (message: string) =>
  badRequest(message, 'url', WEBHOOK_ERROR_CODES.targetRefused);
