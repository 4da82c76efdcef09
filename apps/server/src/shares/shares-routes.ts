/**
 * /api/v1/shares/: the logged-in person's share links (session + CSRF, like the rest of
 * /api/v1/). ADR 0044.
 */
import type { FastifyInstance } from 'fastify';
import { createShareSchema, shareListQuerySchema, type ShareList } from '@voxpad/shared/shares';
import { appOrigin } from '../auth/links.ts';
import { parseInput } from '../http/api-problem.ts';
import { requireUserId } from '../http/require-user.ts';
import { createShare, listOwnShares, revokeShare, type SharesSettings } from './shares-service.ts';

type ShareParams = { Params: { shareId: string } };

export function registerShareRoutes(
  app: FastifyInstance,
  deps: SharesSettings & { publicUrl: string | undefined },
): void {
  app.get('/shares/', async (request): Promise<ShareList> => {
    const userId = await requireUserId(request);
    const query = parseInput(shareListQuerySchema, request.query);
    return {
      results: await listOwnShares(deps, userId, { noteId: query.note_id, padId: query.pad_id }),
      limit: deps.maxShares,
    };
  });

  app.post('/shares/', async (request, reply) => {
    const userId = await requireUserId(request);
    const input = parseInput(createShareSchema, request.body);
    const created = await createShare(deps, userId, input, appOrigin(request, deps.publicUrl));
    // The link holds the token: it must not linger in any cache.
    return reply.status(201).header('Cache-Control', 'no-store').send(created);
  });

  app.delete<ShareParams>('/shares/:shareId/', async (request, reply) => {
    const userId = await requireUserId(request);
    await revokeShare(deps, userId, request.params.shareId);
    return reply.status(204).send();
  });
}
