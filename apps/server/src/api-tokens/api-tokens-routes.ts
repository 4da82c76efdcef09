import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createApiTokenSchema } from '@voxpad/shared/api-tokens';
import type { Db } from '../db/database.ts';
import { notFound, parseInput, reauthenticationRequired } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import { createApiToken, listTokensOf } from './api-tokens.ts';
import { deleteApiToken, revokeAllApiTokens } from './api-tokens-repository.ts';

/**
 * What the account side vouches for around tokens (auth/ implements it; this module knows no
 * sessions or mail): a token reaches the account without a password, so making one is a
 * sensitive change.
 */
export interface TokenSafeguards {
  /** Whether the request's session logged in or reauthenticated recently enough (allauth's timeout). */
  recentlyAuthenticated(request: FastifyRequest): Promise<boolean>;
  /** Tells the owner, off the request path, that a token was made. */
  tokenCreated(request: FastifyRequest, userId: string, name: string): void;
}

/**
 * Personal API tokens of the logged-in user (session + CSRF, like the rest of /api/v1/).
 * The token itself is only in the answer to POST; the database keeps its SHA-256. A token may
 * expire (`expires_in_days`), an account holds at most `maxPerUser` live ones, and a password
 * reset revokes them all. Creating one needs a recent authentication and mails the owner;
 * DELETE on the collection ends them all (the sessions page offers it). ADR 0027.
 */
export function registerApiTokenRoutes(
  app: FastifyInstance,
  deps: { db: Db; maxPerUser: number; safeguards: TokenSafeguards },
) {
  app.get('/tokens/', async (request) => {
    const userId = await requireUserId(request);
    return { results: await listTokensOf(deps.db, userId) };
  });

  app.post('/tokens/', async (request, reply) => {
    const userId = await requireUserId(request);
    const input = parseInput(createApiTokenSchema, request.body);
    if (!(await deps.safeguards.recentlyAuthenticated(request))) {
      throw reauthenticationRequired('create the token again');
    }
    const created = await createApiToken(deps.db, userId, input, { maxPerUser: deps.maxPerUser });
    deps.safeguards.tokenCreated(request, userId, created.name);
    return reply.status(201).header('cache-control', 'no-store').send(created);
  });

  /** Ends every token of the account at once: scripts using them stop working. */
  app.delete('/tokens/', async (request, reply) => {
    const userId = await requireUserId(request);
    await revokeAllApiTokens(deps.db, userId);
    return reply.status(204).send();
  });

  app.delete<{ Params: { tokenId: string } }>('/tokens/:tokenId/', async (request, reply) => {
    const userId = await requireUserId(request);
    if (!(await deleteApiToken(deps.db, userId, request.params.tokenId))) throw notFound('This API token');
    return reply.status(204).send();
  });
}
