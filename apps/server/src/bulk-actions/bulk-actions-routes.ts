/**
 * POST /api/v1/voicenote/bulk/: one action on many of the logged-in person's notes, all or
 * nothing (ADR 0046). Thin: input is parsed here, decisions are the service's, shapes the
 * presenter's.
 */
import type { FastifyInstance } from 'fastify';
import { bulkActionRequestSchema } from '@voxpad/shared/bulk-actions';
import { ApiProblem, parseInput } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import { presentBulkOutcome } from './bulk-action-presenter.ts';
import { type BulkActionDeps, runBulkAction } from './bulk-actions-service.ts';
import { withIndexedParams } from './bulk-problems.ts';

export function registerBulkActionRoutes(app: FastifyInstance, deps: BulkActionDeps): void {
  app.post('/voicenote/bulk/', async (request, reply) => {
    const ownerId = await requireUserId(request);
    const input = parseBulkInput(request.body);
    const { status, body } = presentBulkOutcome(await runBulkAction(deps, ownerId, input));
    return reply.status(status).send(body);
  });
}

function parseBulkInput(body: unknown) {
  try {
    return parseInput(bulkActionRequestSchema, body);
  } catch (error) {
    throw error instanceof ApiProblem ? withIndexedParams(error) : error;
  }
}
