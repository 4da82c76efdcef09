import type { FastifyInstance } from 'fastify';
import { createApiTokenSchema } from '@voxpad/shared/api-tokens';
import type { Db } from '../db/database.ts';
import { notFound, parseInput } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import { createApiToken, listTokensOf } from './api-tokens.ts';
import { deleteApiToken } from './api-tokens-repository.ts';

/**
 * Personal API tokens of the logged-in user (session + CSRF, like the rest of /api/v1/).
 * The token itself is only in the answer to POST; the database keeps its SHA-256. A token may
 * expire (`expires_in_days`), an account holds at most `maxPerUser` live ones, and a password
 * reset revokes them all.
 */
export function registerApiTokenRoutes(app: FastifyInstance, deps: { db: Db; maxPerUser: number }) {
  app.get('/tokens/', async (request) => {
    const userId = await requireUserId(request);
    return { results: await listTokensOf(deps.db, userId) };
  });

  app.post('/tokens/', async (request, reply) => {
    const userId = await requireUserId(request);
    const input = parseInput(createApiTokenSchema, request.body);
    const created = await createApiToken(deps.db, userId, input, { maxPerUser: deps.maxPerUser });
    return reply.status(201).header('cache-control', 'no-store').send(created);
  });

  app.delete<{ Params: { tokenId: string } }>('/tokens/:tokenId/', async (request, reply) => {
    const userId = await requireUserId(request);
    if (!(await deleteApiToken(deps.db, userId, request.params.tokenId))) throw notFound('This API token');
    return reply.status(204).send();
  });
}
